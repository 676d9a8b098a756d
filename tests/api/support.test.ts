/**
 * Support tickets (docs/product.md "Support", "Input rules"): createTicket for signed-in customers with the
 * spec's messages, status OPEN and priority MEDIUM by default, listed on me.tickets newest first and
 * only to their owner.
 */
import { MESSAGES } from '../../common/validation';
import { startTestServer, type GqlResponse, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TICKET_FIELDS = `id title description category priority status createdAt`;
const CREATE = `mutation ($input: CreateTicketInput!) { createTicket(input: $input) { ${TICKET_FIELDS} } }`;
const MY_TICKETS = `{ me { id tickets { ${TICKET_FIELDS} } } }`;
const valid = {
  title: 'SSL not trusted',
  description: 'Browsers say the chain is incomplete.',
  category: 'INSTALLATION',
};

function expectInputError(res: GqlResponse, field: string, message: string): void {
  expect(res.data).toBeNull();
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  expect(res.errors![0].extensions!.fieldErrors[0]).toEqual({ field, message });
}

describe('createTicket', () => {
  it('opens a ticket with status OPEN and priority MEDIUM by default', async () => {
    const user = await server.createUser();
    const res = await server.gql(CREATE, { input: { ...valid, title: '  SSL not trusted  ' } }, { token: user.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createTicket).toEqual({
      id: expect.any(String),
      title: 'SSL not trusted',
      description: valid.description,
      category: 'INSTALLATION',
      priority: 'MEDIUM',
      status: 'OPEN',
      createdAt: expect.any(String),
    });
    const [row] = await server.sql(
      `SELECT user_id, title, category, priority, status FROM support_tickets WHERE id = $1`,
      [res.data!.createTicket.id],
    );
    expect(row).toEqual({
      user_id: user.id,
      title: 'SSL not trusted',
      category: 'INSTALLATION',
      priority: 'MEDIUM',
      status: 'OPEN',
    });
  });

  it('keeps a chosen priority and accepts every category', async () => {
    const user = await server.createUser();
    for (const [category, priority] of [
      ['ORDER', 'LOW'],
      ['RENEWAL', 'HIGH'],
      ['TECHNICAL', 'URGENT'],
      ['BILLING', 'MEDIUM'],
      ['OTHER', 'HIGH'],
    ]) {
      const res = await server.gql(CREATE, { input: { ...valid, category, priority } }, { token: user.token });
      expect(res.errors).toBeUndefined();
      expect(res.data!.createTicket).toMatchObject({ category, priority, status: 'OPEN' });
    }
  });

  it.each([
    ['an empty subject', 'title', { title: '' }, MESSAGES.subjectRequired],
    ['a blank subject', 'title', { title: '   ' }, MESSAGES.subjectRequired],
    ['a null subject', 'title', { title: null }, MESSAGES.subjectRequired],
    ['a 201-character subject', 'title', { title: 's'.repeat(201) }, MESSAGES.subjectTooLong],
    ['an empty description', 'description', { description: '' }, MESSAGES.descriptionRequired],
    ['a null description', 'description', { description: null }, MESSAGES.descriptionRequired],
    ['a 2001-character description', 'description', { description: 'd'.repeat(2001) }, MESSAGES.descriptionTooLong],
    ['a missing category', 'category', { category: null }, MESSAGES.categoryRequired],
  ])('refuses %s and stores nothing', async (_label, field, change, message) => {
    const user = await server.createUser();
    const res = await server.gql(CREATE, { input: { ...valid, ...change } }, { token: user.token });
    expectInputError(res, field, message);
    expect(await server.sql(`SELECT id FROM support_tickets WHERE user_id = $1`, [user.id])).toEqual([]);
  });

  it('gives the spec messages when required fields are left out entirely', async () => {
    const user = await server.createUser();
    const res = await server.gql(`mutation { createTicket(input: {}) { id } }`, {}, { token: user.token });
    expect(res.errors![0].message).toBe(MESSAGES.subjectRequired);
    expect(res.errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: [
        { field: 'title', message: MESSAGES.subjectRequired },
        { field: 'description', message: MESSAGES.descriptionRequired },
        { field: 'category', message: MESSAGES.categoryRequired },
      ],
    });
  });

  it('accepts a 200-character subject and a 2000-character description', async () => {
    const user = await server.createUser();
    const res = await server.gql(
      CREATE,
      { input: { ...valid, title: 's'.repeat(200), description: 'd'.repeat(2000) } },
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
  });

  it('refuses a category that is not one of the spec', async () => {
    const user = await server.createUser();
    const res = await server.gql(CREATE, { input: { ...valid, category: 'SALES' } }, { token: user.token });
    expect(res.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('needs a signed-in user', async () => {
    const [{ n: before }] = await server.sql(`SELECT count(*)::int AS n FROM support_tickets`);
    const res = await server.gql(CREATE, { input: valid });
    expect(res.data).toBeNull();
    expect(res.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    const [{ n: after }] = await server.sql(`SELECT count(*)::int AS n FROM support_tickets`);
    expect(after).toBe(before);
  });
});

describe('me.tickets', () => {
  it("lists the user's own tickets newest first, and nobody else's", async () => {
    const [alice, bob] = await Promise.all([server.createUser(), server.createUser()]);
    const titles = ['first', 'second', 'third'];
    for (const title of titles) {
      expect((await server.gql(CREATE, { input: { ...valid, title } }, { token: alice.token })).errors).toBeUndefined();
    }
    await server.gql(CREATE, { input: { ...valid, title: "bob's" } }, { token: bob.token });

    const mine = await server.gql(MY_TICKETS, {}, { token: alice.token });
    expect(mine.errors).toBeUndefined();
    expect(mine.data!.me.tickets.map((t: { title: string }) => t.title)).toEqual(['third', 'second', 'first']);
    const dates = mine.data!.me.tickets.map((t: { createdAt: string }) => new Date(t.createdAt).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const bobs = await server.gql(MY_TICKETS, {}, { token: bob.token });
    expect(bobs.data!.me.tickets.map((t: { title: string }) => t.title)).toEqual(["bob's"]);
  });

  it('is empty for a new customer', async () => {
    const user = await server.createUser();
    const res = await server.gql(MY_TICKETS, {}, { token: user.token });
    expect(res.data!.me).toEqual({ id: user.id, tickets: [] });
  });

  it('is available on the viewer returned by signIn', async () => {
    const user = await server.createUser();
    await server.gql(CREATE, { input: valid }, { token: user.token });
    const res = await server.gql(
      `mutation ($input: SignInInput!) { signIn(input: $input) { viewer { tickets { title } } } }`,
      { input: { email: user.email, password: user.password } },
    );
    expect(res.data!.signIn.viewer.tickets).toEqual([{ title: valid.title }]);
  });
});
