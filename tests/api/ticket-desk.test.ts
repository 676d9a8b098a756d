/**
 * The support desk (docs/product.md "Support desk", docs/graphql-api.md "Support desk"): threads (replyToTicket),
 * statuses (setTicketStatus), the admin queue (adminTickets: filters, newest activity first, cursors), the 24-hour
 * reply clock, a linked order, live updates both ways over real graphql-ws, the staff reply's e-mail through a real
 * SMTP server, and concurrent replies.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TICKET_DESK_MESSAGES } from '../../common/validation';
import { TicketService } from '../../server/src/support/ticket.service';
import { eventually } from '../support/eventually';
import { Inbox } from '../support/inbox';
import {
  startTestServer,
  subscribeOnce,
  type GqlResponse,
  type TestServer,
  type TestUser,
} from '../support/test-server';

const PUBLIC_URL = 'https://shop.example';
const THREAD = `id status overdue replyDueAt lastActivityAt messages { id body fromStaff createdAt }`;
const CREATE = `mutation ($input: CreateTicketInput!) { createTicket(input: $input) { ${THREAD} order { id quantity } } }`;
const REPLY = `mutation ($id: ID!, $body: String!) { replyToTicket(ticketId: $id, body: $body) { ${THREAD} } }`;
const SET_STATUS = `mutation ($id: ID!, $s: TicketStatus!) { setTicketStatus(ticketId: $id, status: $s) { ${THREAD} } }`;
const TICKET = `query ($id: ID!) { ticket(id: $id) { ${THREAD} order { id } } }`;
const QUEUE = `query ($status: TicketStatus, $priority: TicketPriority, $category: TicketCategory, $first: Int, $after: String) {
  adminTickets(status: $status, priority: $priority, category: $category, first: $first, after: $after) {
    totalCount overdueCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id status priority category overdue customer { email } } }
  }
}`;

const inbox = new Inbox();
let server: TestServer;
let customer: TestUser;
let stranger: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  await inbox.start();
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL, LOG_LEVEL: 'silent' },
  });
  customer = await server.createUser({ fullName: 'Grace Hopper' });
  stranger = await server.createUser({ fullName: 'Stranger' });
  admin = await server.createUser({ admin: true, fullName: 'Agent' });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

function ok<T = any>(res: GqlResponse): T {
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return Object.values(res.data!)[0] as T;
}

async function openTicket(
  user: TestUser,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; status: string; messages: { body: string }[]; order: { id: string } | null }> {
  return ok(
    await server.gql(
      CREATE,
      {
        input: {
          title: 'Chain incomplete',
          description: 'Browsers say the chain is incomplete.',
          category: 'INSTALLATION',
          ...extra,
        },
      },
      { token: user.token },
    ),
  );
}

async function placeOrder(user: TestUser): Promise<string> {
  const res = await server.gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'USDT_TRC20' } },
    { token: user.token },
  );
  return ok<{ id: string }>(res).id;
}

const reply = (user: TestUser, id: string, body: string) => server.gql(REPLY, { id, body }, { token: user.token });
const setStatus = (id: string, s: string) => server.gql(SET_STATUS, { id, s }, { token: admin.token });
const messageCount = async (ticketId: string) =>
  (await server.sql(`SELECT count(*)::int AS n FROM ticket_messages WHERE ticket_id = $1`, [ticketId]))[0].n as number;

function expectFieldError(res: GqlResponse, field: string, message: string): void {
  expect(res.data ?? null).toBeNull();
  expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  expect(res.errors![0].extensions!.fieldErrors).toEqual([{ field, message }]);
}

describe('createTicket', () => {
  it('starts the thread with the description, runs the reply clock and records ticket.created', async () => {
    const ticket = await openTicket(customer);
    expect(ticket.status).toBe('OPEN');
    expect(ticket.messages).toEqual([
      {
        id: expect.any(String),
        body: 'Browsers say the chain is incomplete.',
        fromStaff: false,
        createdAt: expect.any(String),
      },
    ]);
    const due = new Date((ticket as any).replyDueAt).getTime();
    expect(due - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect((ticket as any).overdue).toBe(false);
    const events = await server.sql(`SELECT payload FROM domain_events WHERE type = 'ticket.created'`);
    expect(events.map((e) => e.payload)).toContainEqual({ ticketId: ticket.id });
  });

  it("links one of the customer's own orders, shown with the ticket", async () => {
    const orderId = await placeOrder(customer);
    const ticket = await openTicket(customer, { orderId });
    expect(ticket.order).toEqual({ id: orderId, quantity: 1 });
    const [row] = await server.sql(`SELECT order_id FROM support_tickets WHERE id = $1`, [ticket.id]);
    expect(row.order_id).toBe(orderId);
  });

  it.each([
    ["someone else's order", async () => placeOrder(stranger)],
    ['an unknown order', async () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', async () => 'not-an-id'],
  ])('refuses %s with the same field error and stores nothing', async (_what, orderIdOf) => {
    const orderId = await orderIdOf();
    const before = (await server.sql(`SELECT count(*)::int AS n FROM support_tickets`))[0].n;
    const res = await server.gql(
      CREATE,
      { input: { title: 'Mine?', description: 'About this order', category: 'ORDER', orderId } },
      { token: customer.token },
    );
    expectFieldError(res, 'orderId', TICKET_DESK_MESSAGES.orderNotYours);
    expect((await server.sql(`SELECT count(*)::int AS n FROM support_tickets`))[0].n).toBe(before);
  });
});

describe('replyToTicket', () => {
  it('adds the customer reply and the staff reply to one thread, oldest first, with the status rules', async () => {
    const ticket = await openTicket(customer);
    const mine = ok(await reply(customer, ticket.id, '  Any news?\nStill broken.  '));
    expect(mine.messages.map((m: any) => [m.body, m.fromStaff])).toEqual([
      ['Browsers say the chain is incomplete.', false],
      ['Any news?\nStill broken.', false],
    ]);
    expect(mine.status).toBe('OPEN');
    // The clock runs from the first unanswered message, not the latest.
    const [clock] = await server.sql(`SELECT awaiting_staff_since, created_at FROM support_tickets WHERE id = $1`, [
      ticket.id,
    ]);
    expect(clock.awaiting_staff_since).toEqual(clock.created_at);

    const staff = ok(await reply(admin, ticket.id, 'Please send the domain name.'));
    expect(staff.messages.at(-1)).toMatchObject({ body: 'Please send the domain name.', fromStaff: true });
    expect(staff.status).toBe('IN_PROGRESS');
    expect(staff.replyDueAt).toBeNull();
    expect(staff.overdue).toBe(false);

    ok(await setStatus(ticket.id, 'WAITING_ON_CUSTOMER'));
    const answered = ok(await reply(customer, ticket.id, 'example.com'));
    expect(answered.status).toBe('OPEN');
    expect(answered.replyDueAt).not.toBeNull();

    ok(await setStatus(ticket.id, 'RESOLVED'));
    expect(ok(await reply(customer, ticket.id, 'It broke again')).status).toBe('OPEN');
    // The owner reads the same thread.
    const read = ok(await server.gql(TICKET, { id: ticket.id }, { token: customer.token }));
    expect(read.messages).toHaveLength(5);
  });

  it('stores the body as plain text, markup and all', async () => {
    const ticket = await openTicket(customer);
    const body = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const res = ok(await reply(customer, ticket.id, body));
    expect(res.messages.at(-1).body).toBe(body);
  });

  it('tells another customer the ticket does not exist, and stores nothing', async () => {
    const ticket = await openTicket(customer);
    for (const id of [ticket.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await reply(stranger, id, 'Let me in');
      expect(res.errors?.[0]).toMatchObject({ message: 'Ticket not found', extensions: { code: 'NOT_FOUND' } });
    }
    expect(await messageCount(ticket.id)).toBe(1);
    const read = await server.gql(TICKET, { id: ticket.id }, { token: stranger.token });
    expect(read.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('shows the customer field to admins only', async () => {
    const ticket = await openTicket(customer);
    const query = `query ($id: ID!) { ticket(id: $id) { id customer { email } } }`;
    const asOwner = await server.gql(query, { id: ticket.id }, { token: customer.token });
    expect(asOwner.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const asAdmin = ok(await server.gql(query, { id: ticket.id }, { token: admin.token }));
    expect(asAdmin.customer).toEqual({ email: customer.email });
  });

  it('refuses a reply to a CLOSED ticket from anyone, with a clear message', async () => {
    const ticket = await openTicket(customer);
    ok(await setStatus(ticket.id, 'CLOSED'));
    for (const user of [customer, admin]) {
      expectFieldError(await reply(user, ticket.id, 'Hello?'), 'ticketId', TICKET_DESK_MESSAGES.ticketClosed);
    }
    expect(await messageCount(ticket.id)).toBe(1);
  });

  it.each([
    ['an empty body', '', TICKET_DESK_MESSAGES.replyRequired],
    ['a blank body', ' \n\t ', TICKET_DESK_MESSAGES.replyRequired],
    ['a 5,001-character body', 'x'.repeat(5001), TICKET_DESK_MESSAGES.replyTooLong],
    ['a control character', 'a\u0000b', TICKET_DESK_MESSAGES.replyCharacters],
  ])('refuses %s on field body and stores nothing', async (_what, body, message) => {
    const ticket = await openTicket(customer);
    expectFieldError(await reply(customer, ticket.id, body), 'body', message);
    expect(await messageCount(ticket.id)).toBe(1);
  });

  it('accepts exactly 5,000 characters', async () => {
    const ticket = await openTicket(customer);
    const res = ok(await reply(customer, ticket.id, 'y'.repeat(5000)));
    expect(res.messages.at(-1).body).toHaveLength(5000);
  });

  it('stores every one of many concurrent replies once, in one order, and keeps the ticket consistent', async () => {
    const ticket = await openTicket(customer);
    const bodies = Array.from({ length: 24 }, (_, i) => `reply ${i}`);
    const results = await Promise.all(bodies.map((body, i) => reply(i % 2 ? admin : customer, ticket.id, body)));
    expect(results.filter((r) => r.errors)).toEqual([]);
    const rows = await server.sql(
      `SELECT body, created_at FROM ticket_messages WHERE ticket_id = $1 ORDER BY created_at, id`,
      [ticket.id],
    );
    expect(rows).toHaveLength(25);
    expect(
      rows
        .slice(1)
        .map((r) => r.body)
        .sort(),
    ).toEqual([...bodies].sort());
    const [row] = await server.sql(`SELECT last_activity_at, awaiting_staff_since FROM support_tickets WHERE id = $1`, [
      ticket.id,
    ]);
    expect(row.last_activity_at).toEqual(rows.at(-1).created_at);
    const last = await server.sql(
      `SELECT from_staff FROM ticket_messages WHERE ticket_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [ticket.id],
    );
    // Staff owe a reply exactly when the customer wrote last.
    expect(row.awaiting_staff_since === null).toBe(last[0].from_staff);
    const events = await server.sql(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'ticket.replied' AND payload->>'ticketId' = $1`,
      [ticket.id],
    );
    expect(events[0].n).toBe(24);
  });
});

describe('setTicketStatus', () => {
  it('sets any status and stops the reply clock while waiting on the customer, resolved or closed', async () => {
    const ticket = await openTicket(customer);
    for (const status of ['IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'RESOLVED', 'CLOSED', 'OPEN']) {
      const res = ok(await setStatus(ticket.id, status));
      expect(res.status).toBe(status);
      expect(res.replyDueAt === null).toBe(status !== 'IN_PROGRESS');
    }
    const res = await setStatus('00000000-0000-4000-8000-000000000000', 'OPEN');
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the reply clock', () => {
  it('marks a ticket overdue after 24 hours without a staff reply, counts it, and a staff reply clears it', async () => {
    const ticket = await openTicket(customer);
    await server.sql(`UPDATE support_tickets SET awaiting_staff_since = now() - interval '25 hours' WHERE id = $1`, [
      ticket.id,
    ]);
    const read = ok(await server.gql(TICKET, { id: ticket.id }, { token: admin.token }));
    expect(read.overdue).toBe(true);
    expect(Date.now() - new Date(read.replyDueAt).getTime()).toBeGreaterThan(3600_000 - 60_000);

    const [{ n: expected }] = await server.sql(
      `SELECT count(*)::int AS n FROM support_tickets
       WHERE status IN ('OPEN', 'IN_PROGRESS') AND awaiting_staff_since < now() - interval '24 hours'`,
    );
    expect(expected).toBeGreaterThan(0);
    const queue = ok(await server.gql(QUEUE, { first: 1 }, { token: admin.token }));
    expect(queue.overdueCount).toBe(expected);
    expect(await server.app.container.get(TicketService).countOverdue()).toBe(expected);

    // 23 hours is not late yet.
    await server.sql(`UPDATE support_tickets SET awaiting_staff_since = now() - interval '23 hours' WHERE id = $1`, [
      ticket.id,
    ]);
    expect(ok(await server.gql(TICKET, { id: ticket.id }, { token: admin.token })).overdue).toBe(false);

    await server.sql(`UPDATE support_tickets SET awaiting_staff_since = now() - interval '25 hours' WHERE id = $1`, [
      ticket.id,
    ]);
    const answered = ok(await reply(admin, ticket.id, 'On it.'));
    expect(answered.overdue).toBe(false);
    expect(await server.app.container.get(TicketService).countOverdue()).toBe(expected - 1);
  });
});

describe('adminTickets', () => {
  beforeAll(async () => {
    // 30 tickets of another customer with spread activity times, priorities, categories and statuses.
    const other = await server.createUser({ fullName: 'Queue Filler' });
    await server.sql(
      `INSERT INTO support_tickets (user_id, title, description, category, priority, status, last_activity_at, created_at)
       SELECT $1, 'Queue ' || i, 'Body ' || i,
              (ARRAY['INSTALLATION','ORDER','RENEWAL','TECHNICAL','BILLING','OTHER'])[1 + i % 6],
              (ARRAY['LOW','MEDIUM','HIGH','URGENT'])[1 + i % 4],
              (ARRAY['OPEN','IN_PROGRESS','WAITING_ON_CUSTOMER','RESOLVED','CLOSED'])[1 + i % 5],
              now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, 30) AS i`,
      [other.id],
    );
    // Two tickets with the very same activity time: the id breaks the tie, so no cursor skips or repeats one.
    await server.sql(
      `UPDATE support_tickets SET last_activity_at = '2026-01-01T00:00:00.123456Z' WHERE title IN ('Queue 7', 'Queue 8')`,
    );
  });

  async function walk(variables: Record<string, unknown>, first = 7): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = ok(await server.gql(QUEUE, { ...variables, first, after }, { token: admin.token }));
      ids.push(...page.edges.map((e: any) => e.node.id));
      expect(page.edges.length).toBeLessThanOrEqual(first);
      if (!page.pageInfo.hasNextPage) {
        expect(ids).toHaveLength(page.totalCount);
        return ids;
      }
      after = page.pageInfo.endCursor;
    }
  }

  it.each([
    ['no filter', {}, ''],
    ['status', { status: 'WAITING_ON_CUSTOMER' }, `WHERE status = 'WAITING_ON_CUSTOMER'`],
    ['priority', { priority: 'URGENT' }, `WHERE priority = 'URGENT'`],
    ['category', { category: 'BILLING' }, `WHERE category = 'BILLING'`],
    [
      'all three',
      { status: 'OPEN', priority: 'HIGH', category: 'RENEWAL' },
      `WHERE status = 'OPEN' AND priority = 'HIGH' AND category = 'RENEWAL'`,
    ],
  ])('pages through %s newest activity first, each ticket once', async (_what, variables, where) => {
    const expected = (
      await server.sql(`SELECT id FROM support_tickets ${where} ORDER BY last_activity_at DESC, id DESC`)
    ).map((r) => r.id);
    expect(await walk(variables)).toEqual(expected);
  });

  it('shows the customer on each row and moves a ticket to the top when it gets a reply', async () => {
    const ticket = await openTicket(stranger);
    await server.sql(`UPDATE support_tickets SET last_activity_at = now() - interval '1 year' WHERE id = $1`, [
      ticket.id,
    ]);
    ok(await reply(stranger, ticket.id, 'Bump'));
    const page = ok(await server.gql(QUEUE, { first: 1 }, { token: admin.token }));
    expect(page.edges[0].node).toMatchObject({ id: ticket.id, customer: { email: stranger.email } });
  });

  it.each([
    [{ first: 0 }, 'first'],
    [{ first: 101 }, 'first'],
    [{ after: 'bm90LWEtY3Vyc29y' }, 'after'],
  ])('refuses %j on its field', async (variables, field) => {
    const res = await server.gql(QUEUE, variables, { token: admin.token });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field }] });
  });
});

describe('live, both ways', () => {
  const TICKET_UPDATED = `subscription ($id: ID!) { ticketUpdated(ticketId: $id) { id status messages { body fromStaff } } }`;
  const ADMIN_CHANGED = `subscription { adminTicketChanged { id status customer { email } messages { body fromStaff } } }`;

  it("brings the staff reply to the customer's open thread and the customer's reply to the admin", async () => {
    const ticket = await openTicket(customer);
    const mine = subscribeOnce(server.ws(customer.token), { query: TICKET_UPDATED, variables: { id: ticket.id } });
    const first = await mine.next();
    expect(first.data!.ticketUpdated.messages).toHaveLength(1);
    const queue = subscribeOnce(server.ws(admin.token), { query: ADMIN_CHANGED });
    await queue.ready;

    ok(await reply(admin, ticket.id, 'Fixed on our side.'));
    const update = await mine.next();
    expect(update.data!.ticketUpdated).toMatchObject({ id: ticket.id, status: 'IN_PROGRESS' });
    expect(update.data!.ticketUpdated.messages.at(-1)).toEqual({ body: 'Fixed on our side.', fromStaff: true });
    // The admin's own reply reaches the queue too (another agent's screen).
    expect((await queue.next()).data!.adminTicketChanged.id).toBe(ticket.id);

    ok(await reply(customer, ticket.id, 'Thanks, works now.'));
    const seen = await queue.next();
    expect(seen.data!.adminTicketChanged).toMatchObject({ id: ticket.id, customer: { email: customer.email } });
    expect(seen.data!.adminTicketChanged.messages.at(-1)).toEqual({ body: 'Thanks, works now.', fromStaff: false });
    expect((await mine.next()).data!.ticketUpdated.messages).toHaveLength(3);

    ok(await setStatus(ticket.id, 'CLOSED'));
    expect((await mine.next()).data!.ticketUpdated.status).toBe('CLOSED');
    mine.dispose();
    queue.dispose();
  });

  it('brings a new ticket to the admin queue', async () => {
    const queue = subscribeOnce(server.ws(admin.token), { query: ADMIN_CHANGED });
    await queue.ready;
    const ticket = await openTicket(stranger);
    const seen = await queue.next();
    expect(seen.data!.adminTicketChanged).toMatchObject({
      id: ticket.id,
      status: 'OPEN',
      customer: { email: stranger.email },
    });
    queue.dispose();
  });

  it('catches up with a reply made while the event bus reconnected, on both sides', async () => {
    const ticket = await openTicket(customer);
    const mine = subscribeOnce(server.ws(customer.token), { query: TICKET_UPDATED, variables: { id: ticket.id } });
    await mine.next();
    const queue = subscribeOnce(server.ws(admin.token), { query: ADMIN_CHANGED });
    await queue.ready;
    // PostgreSQL drops the bus's LISTEN connection: the reply's NOTIFY reaches nobody.
    const listeners = () =>
      server.sql(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
        [server.databaseName],
      );
    await server.sql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
      [server.databaseName],
    );
    await eventually(async () => (await listeners())[0].n === 0, 5_000, 'the bus connection to drop');
    ok(await reply(admin, ticket.id, 'Sent while the bus was down'));
    const update = await mine.next(10_000);
    expect(update.data!.ticketUpdated.messages.at(-1)).toEqual({
      body: 'Sent while the bus was down',
      fromStaff: true,
    });
    await eventually(
      async () => (await queue.next(10_000)).data!.adminTicketChanged.id === ticket.id,
      15_000,
      "the admin's catch-up",
    );
    mine.dispose();
    queue.dispose();
  });

  it("refuses another customer's ticket at subscribe time", async () => {
    const ticket = await openTicket(customer);
    const sub = subscribeOnce(server.ws(stranger.token), { query: TICKET_UPDATED, variables: { id: ticket.id } });
    const result = await sub.next();
    expect(result.errors?.[0]).toMatchObject({ message: 'Ticket not found', extensions: { code: 'NOT_FOUND' } });
    sub.dispose();
  });
});

describe('e-mail', () => {
  it("mails the customer each staff reply, quoted with a link to the thread, and never the customer's own", async () => {
    const mailer = await server.createUser({ fullName: 'Mail Reader' });
    const ticket = await openTicket(mailer, { title: 'Renewal <question>' });
    ok(await reply(mailer, ticket.id, 'My own follow-up'));
    ok(await reply(admin, ticket.id, 'Renew from the dashboard.\nIt takes a minute.'));
    const mail = await inbox.waitFor(mailer.email, /New reply to your ticket/);
    expect(mail.subject).toBe('New reply to your ticket: Renewal <question>');
    expect(mail.text).toContain('> Renew from the dashboard.\n> It takes a minute.');
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard?tab=support&ticket=${ticket.id}`);
    expect(mail.html).toContain('Renewal &lt;question&gt;');
    expect(mail.text).not.toContain('My own follow-up');

    ok(await reply(admin, ticket.id, 'One more thing.'));
    await eventually(() => inbox.to(mailer.email).length === 2, 20_000, 'the second staff reply');
    // The send job marks the row SENT once the SMTP server has answered, which may be after the inbox has the mail.
    const sql = `SELECT kind, status FROM notifications WHERE ticket_id = $1 ORDER BY created_at`;
    await eventually(
      async () => (await server.sql(sql, [ticket.id])).every((row) => row.status === 'SENT'),
      10_000,
      'both rows marked sent',
    );
    expect(await server.sql(sql, [ticket.id])).toEqual([
      { kind: 'TICKET_REPLY', status: 'SENT' },
      { kind: 'TICKET_REPLY', status: 'SENT' },
    ]);
  });
});

describe('webhooks', () => {
  it('delivers ticket.created and ticket.replied to an endpoint that subscribed to them', async () => {
    const received: { type: string; data: Record<string, any> }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      ok(
        await server.gql(
          `mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }`,
          { input: { url, events: ['ticket.created', 'ticket.replied'] } },
          { token: admin.token },
        ),
      );
      const ticket = await openTicket(customer);
      ok(await reply(admin, ticket.id, 'Hooked'));
      await eventually(() => received.length >= 2, 20_000, 'two webhook deliveries');
      // Sent by independent jobs: compared in name order, not arrival order.
      expect(received.map((r) => [r.type, r.data.ticketId]).sort()).toEqual([
        ['ticket.created', ticket.id],
        ['ticket.replied', ticket.id],
      ]);
      expect(received.find((r) => r.type === 'ticket.replied')!.data).toMatchObject({
        fromStaff: true,
        ticket: { id: ticket.id, status: 'IN_PROGRESS' },
      });
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe('rate limit', () => {
  it("holds a customer's replies to TICKET_REPLY_RATE_LIMIT per hour, not staff's", async () => {
    const limited = await startTestServer({ env: { TICKET_REPLY_RATE_LIMIT: '2' } });
    try {
      const user = await limited.createUser();
      const staff = await limited.createUser({ admin: true });
      const created = await limited.gql(
        `mutation { createTicket(input: { title: "T", description: "D", category: OTHER }) { id } }`,
        {},
        { token: user.token },
      );
      const id = ok(created).id;
      const send = (u: TestUser) => limited.gql(REPLY, { id, body: 'hi' }, { token: u.token });
      expect((await send(user)).errors).toBeUndefined();
      expect((await send(user)).errors).toBeUndefined();
      expect((await send(user)).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
      for (let i = 0; i < 3; i++) expect((await send(staff)).errors).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});
