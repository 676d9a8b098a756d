/**
 * Staff management (issue 30 item 2; docs/staff-and-permissions.md) against a real server and a real SMTP server
 * (tests/support/inbox.ts): invitations are followed through the mailed link, accepted with a new account (sign up,
 * then accept) or an existing one (sign in, then accept); role changes apply to the next request and close sockets
 * opened under the old role; the last owner is kept, also when two owners demote each other at the same moment.
 * The permission matrix (tests/api/permissions.test.ts) has who may call these operations.
 */
import type { ParsedMail } from 'mailparser';
import { STAFF_MESSAGES } from '../../common/staff';
import { ACCOUNT_MESSAGES } from '../../common/validation';
import { ROLE_CHANGED_CLOSE } from '../../server/src/graphql/blocked-account-sockets';
import { INVITATIONS_PER_HOUR } from '../../server/src/staff/staff.service';
import { waitText } from '../../server/src/core/errors';
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
const INVITE = `mutation ($email: String!, $role: StaffRole!) { inviteStaff(email: $email, role: $role) { id email role status expiresAt } }`;
const ACCEPT = `mutation ($token: String!) { acceptStaffInvitation(token: $token) { id userId email role status permissions } }`;
const SET_ROLE = `mutation ($id: ID!, $role: StaffRole) { setStaffRole(userId: $id, role: $role) { id role status } }`;
const ME = `{ me { id isAdmin staffRole permissions } }`;
const STAFF = `{ staff { id userId email role status } }`;

const inbox = new Inbox();
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  await inbox.start();
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL, LOG_LEVEL: 'silent' },
  });
  owner = await server.createUser({ staffRole: 'OWNER', fullName: 'Olive Owner' });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

/** The token of the invitation's link, checking the link starts at PUBLIC_URL. */
function inviteToken(mail: ParsedMail): string {
  const match = new RegExp(`${PUBLIC_URL}/auth/invite\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no /auth/invite link in: ${mail.text}`);
  return match[1];
}

/** Invites `email` as `role` and returns the token of the link mailed for it. */
async function invite(email: string, role: string, by: TestUser = owner): Promise<string> {
  const before = inbox.to(email).length;
  const res = await server.gql(INVITE, { email, role }, { token: by.token });
  expect(res.errors).toBeUndefined();
  expect(res.data!.inviteStaff).toMatchObject({ email: email.toLowerCase(), role, status: 'INVITED' });
  const received = await eventually(() => inbox.to(email)[before]);
  expect(received.mail.subject).toMatch(/invited to the/);
  return inviteToken(received.mail);
}

function expectInputError(res: GqlResponse, field: string, message: string): void {
  expect(res.errors?.[0]).toMatchObject({
    message,
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, message }] },
  });
}

async function signUp(email: string): Promise<string> {
  const res = await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
    input: { fullName: 'New Staff', email, password: 'Passw0rdOK' },
  });
  expect(res.errors).toBeUndefined();
  return res.data!.signUp.accessToken;
}

describe('invitations', () => {
  it('mails a link to a new address; the account signed up with it accepts once, and the role applies at once', async () => {
    const email = `new-staff-${Date.now()}@example.com`;
    const token = await invite(email, 'SUPPORT');

    // Once sent, the outbox keeps no live link: what staff with CUSTOMERS read there cannot take the role. (The row is
    // marked SENT just after the SMTP server took the message, so the mailbox can see it first.)
    const row = await eventually(
      async () =>
        (await server.sql(`SELECT text_body FROM notifications WHERE to_address = $1 AND status = 'SENT'`, [email]))[0],
    );
    expect(row.text_body).toContain('/auth/invite?token=hidden');
    expect(row.text_body).not.toContain(token);

    // The invitation is listed until it is accepted.
    const listed = await server.gql(STAFF, {}, { token: owner.token });
    expect(listed.data!.staff).toContainEqual(expect.objectContaining({ email, status: 'INVITED', userId: null }));

    const accessToken = await signUp(email);
    expect((await server.gql(ME, {}, { token: accessToken })).data!.me).toMatchObject({
      staffRole: null,
      permissions: [],
    });
    const accepted = await server.gql(ACCEPT, { token }, { token: accessToken });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data!.acceptStaffInvitation).toMatchObject({
      email,
      role: 'SUPPORT',
      status: 'ACTIVE',
      permissions: ['ORDERS_READ', 'TICKETS', 'CUSTOMERS'],
    });
    // The same access token, minted before the role: the role is read per request, not from the token.
    expect((await server.gql(ME, {}, { token: accessToken })).data!.me).toMatchObject({
      isAdmin: true,
      staffRole: 'SUPPORT',
      permissions: ['ORDERS_READ', 'TICKETS', 'CUSTOMERS'],
    });
    const tickets = await server.gql(`{ adminTickets(first: 1) { totalCount } }`, {}, { token: accessToken });
    expect(tickets.errors).toBeUndefined();

    // Single use.
    expectInputError(await server.gql(ACCEPT, { token }, { token: accessToken }), 'token', ACCOUNT_MESSAGES.tokenUsed);
    const staff = (await server.gql(STAFF, {}, { token: owner.token })).data!.staff;
    expect(staff.filter((m: { email: string }) => m.email === email)).toEqual([
      expect.objectContaining({ status: 'ACTIVE', role: 'SUPPORT' }),
    ]);
  });

  it('is accepted by an existing account signed in with the invited address, and by no other', async () => {
    const existing = await server.createUser({ fullName: 'Existing Customer' });
    const stranger = await server.createUser({ fullName: 'Stranger' });
    const token = await invite(existing.email.toUpperCase(), 'MANAGER');

    expectInputError(
      await server.gql(ACCEPT, { token }, { token: stranger.token }),
      'token',
      STAFF_MESSAGES.invitationForAnotherAddress,
    );
    expect((await server.gql(ACCEPT, { token }, {})).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    // Signed in (a fresh sign-in, as the web's accept page asks for), then accepted.
    const signIn = await server.gql(`mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email: existing.email, password: existing.password },
    });
    const accepted = await server.gql(ACCEPT, { token }, { token: signIn.data!.signIn.accessToken });
    expect(accepted.data!.acceptStaffInvitation).toMatchObject({ userId: existing.id, role: 'MANAGER' });
    const [row] = await server.sql(`SELECT role FROM user_roles WHERE user_id = $1`, [existing.id]);
    expect(row.role).toBe('MANAGER');
  });

  it('refuses an address of a staff member, a malformed address, an expired link, and a token that is not one', async () => {
    const manager = await server.createUser({ staffRole: 'MANAGER' });
    expectInputError(
      await server.gql(INVITE, { email: manager.email, role: 'SUPPORT' }, { token: owner.token }),
      'email',
      STAFF_MESSAGES.invitationEmailTaken,
    );
    const malformed = await server.gql(INVITE, { email: 'not-an-address', role: 'SUPPORT' }, { token: owner.token });
    expect(malformed.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'email' }],
    });

    const email = `late-${Date.now()}@example.com`;
    const token = await invite(email, 'FULFILMENT');
    await server.sql(`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    const late = await signUp(email);
    expectInputError(await server.gql(ACCEPT, { token }, { token: late }), 'token', ACCOUNT_MESSAGES.tokenExpired);
    expectInputError(
      await server.gql(ACCEPT, { token: 'x'.repeat(43) }, { token: late }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expect(
      (await server.sql(`SELECT 1 FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = $1`, [email]))
        .length,
    ).toBe(0);
  });

  it('inviting an address again replaces its open invitation: only the newest link works', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const first = await invite(email, 'SUPPORT');
    const second = await invite(email, 'FULFILMENT');
    expect(second).not.toBe(first);
    const accessToken = await signUp(email);
    expectInputError(
      await server.gql(ACCEPT, { token: first }, { token: accessToken }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    const accepted = await server.gql(ACCEPT, { token: second }, { token: accessToken });
    expect(accepted.data!.acceptStaffInvitation.role).toBe('FULFILMENT');
  });

  it('limits each inviter to 20 sent invitations an hour, saying so; refused ones do not count (review 30)', async () => {
    const inviter = await server.createUser({ staffRole: 'OWNER' });
    const tag = inviter.id.slice(0, 8);
    const send = (n: number) =>
      server.gql(INVITE, { email: `limit-${tag}-${n}@example.com`, role: 'SUPPORT' }, { token: inviter.token });
    // A refusal sends nothing and costs nothing.
    expect(
      (await server.gql(INVITE, { email: owner.email, role: 'SUPPORT' }, { token: inviter.token })).errors?.[0]
        .extensions?.code,
    ).toBe('BAD_USER_INPUT');
    for (let n = 1; n <= INVITATIONS_PER_HOUR.max; n++) expect([n, (await send(n)).errors]).toEqual([n, undefined]);
    const refused = await send(INVITATIONS_PER_HOUR.max + 1);
    const wait = refused.errors?.[0]?.extensions?.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(3000);
    expect(refused.errors?.[0]).toMatchObject({
      message: STAFF_MESSAGES.tooManyInvitations(INVITATIONS_PER_HOUR.max, waitText(wait)),
      extensions: { code: 'RATE_LIMITED' },
    });
    const sent = await server.sql(`SELECT 1 FROM staff_invitations WHERE email LIKE $1`, [`limit-${tag}-%`]);
    expect(sent).toHaveLength(INVITATIONS_PER_HOUR.max);
    // Another inviter is not held back.
    await invite(`limit-other-${tag}@example.com`, 'SUPPORT');
    // The last-owner tests below count the owners.
    expect((await server.gql(SET_ROLE, { id: inviter.id, role: null }, { token: owner.token })).errors).toBeUndefined();
  });
});

describe('changing roles', () => {
  it('applies a demotion and a removal to the next request of a token minted before them', async () => {
    const manager = await server.createUser({ staffRole: 'MANAGER' });
    const stock = `mutation ($id: ID!) { adminKeyStock(productId: $id) { available } }`.replace('mutation', 'query');
    const [product] = await server.sql(`SELECT id FROM products LIMIT 1`);
    expect((await server.gql(stock, { id: product.id }, { token: manager.token })).errors).toBeUndefined();

    const demoted = await server.gql(SET_ROLE, { id: manager.id, role: 'SUPPORT' }, { token: owner.token });
    expect(demoted.data!.setStaffRole).toMatchObject({ id: manager.id, role: 'SUPPORT', status: 'ACTIVE' });
    const refused = await server.gql(stock, { id: product.id }, { token: manager.token });
    expect(refused.errors?.[0]).toMatchObject({
      message: STAFF_MESSAGES.missingPermission(['KEYS']),
      extensions: { code: 'FORBIDDEN', permission: 'KEYS' },
    });

    const removed = await server.gql(SET_ROLE, { id: manager.id, role: null }, { token: owner.token });
    expect(removed.data).toEqual({ setStaffRole: null });
    const orders = await server.gql(`{ adminOrders(first: 1) { totalCount } }`, {}, { token: manager.token });
    expect(orders.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', permission: 'ORDERS_READ' });
    expect((await server.gql(ME, {}, { token: manager.token })).data!.me).toMatchObject({
      isAdmin: false,
      staffRole: null,
    });
  });

  it('closes a socket opened under the old role; a new subscription is checked against the new one', async () => {
    const manager = await server.createUser({ staffRole: 'MANAGER' });
    const client = server.ws(manager.token);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      client.on('closed', (event) => resolve(event as { code: number; reason: string })),
    );
    const feed = subscribeOnce(client, { query: `subscription { adminOrderFeed { ready } }` });
    expect((await feed.next()).data?.adminOrderFeed.ready).toBe(true);

    await server.gql(SET_ROLE, { id: manager.id, role: 'FULFILMENT' }, { token: owner.token });
    expect(await closed).toMatchObject({ code: ROLE_CHANGED_CLOSE.code, reason: ROLE_CHANGED_CLOSE.reason });
    feed.dispose();

    // Reconnected with the same token: FULFILMENT reads orders but not tickets.
    const again = server.ws(manager.token);
    const tickets = subscribeOnce(again, { query: `subscription { adminTicketChanged { id } }` });
    expect((await tickets.next()).errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', permission: 'TICKETS' });
    const orders = subscribeOnce(again, { query: `subscription { adminOrderFeed { ready } }` });
    expect((await orders.next()).data?.adminOrderFeed.ready).toBe(true);
    tickets.dispose();
    orders.dispose();
  });

  it("revokes a removed member's API keys: they stay refused when the account is staff again (review 30, F5)", async () => {
    const second = await server.createUser({ staffRole: 'OWNER' });
    const made = await server.gql(
      `mutation { createApiKey(name: "Removed later", permissions: [ORDERS_READ]) { secret apiKey { id } } }`,
      {},
      { token: second.token },
    );
    expect(made.errors).toBeUndefined();
    const { secret, apiKey } = made.data!.createApiKey;
    const ORDERS = `{ adminOrders(first: 1) { totalCount } }`;
    expect((await server.gql(ORDERS, {}, { token: secret })).errors).toBeUndefined();
    // A demotion keeps the key (cut to the new role at each request); a removal revokes it.
    await server.gql(SET_ROLE, { id: second.id, role: 'SUPPORT' }, { token: owner.token });
    expect(await server.sql(`SELECT revoked_at FROM api_keys WHERE id = $1`, [apiKey.id])).toEqual([
      { revoked_at: null },
    ]);
    expect((await server.gql(SET_ROLE, { id: second.id, role: null }, { token: owner.token })).errors).toBeUndefined();
    const [{ revoked_at: revokedAt }] = await server.sql(`SELECT revoked_at FROM api_keys WHERE id = $1`, [apiKey.id]);
    expect(revokedAt).toBeInstanceOf(Date);
    // Invited back: the old secret stays refused. Accepting is audited, without the token.
    const token = await invite(second.email, 'MANAGER');
    const accepted = await server.gql(ACCEPT, { token }, { token: second.token });
    expect(accepted.data!.acceptStaffInvitation).toMatchObject({ role: 'MANAGER', status: 'ACTIVE' });
    expect((await server.gql(ORDERS, {}, { token: second.token })).errors).toBeUndefined();
    expect((await server.gql(ORDERS, {}, { token: secret })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(
      await server.sql(`SELECT change FROM audit_log WHERE actor_id = $1 AND action = 'acceptStaffInvitation'`, [
        second.id,
      ]),
    ).toEqual([{ change: { token: '[hidden]' } }]);
  });

  it("withdraws an owner's open invitations when they are demoted or removed (review 30, F6)", async () => {
    const second = await server.createUser({ staffRole: 'OWNER' });
    const email = `invited-by-demoted-${Date.now()}@example.com`;
    const token = await invite(email, 'OWNER', second);
    await server.gql(SET_ROLE, { id: second.id, role: 'MANAGER' }, { token: owner.token });
    expect(await server.sql(`SELECT 1 FROM staff_invitations WHERE email = $1`, [email])).toEqual([]);
    const accessToken = await signUp(email);
    expectInputError(
      await server.gql(ACCEPT, { token }, { token: accessToken }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expect((await server.gql(ME, {}, { token: accessToken })).data!.me).toMatchObject({ staffRole: null });
  });

  it('changes and withdraws an invitation by its id', async () => {
    const email = `withdrawn-${Date.now()}@example.com`;
    const token = await invite(email, 'SUPPORT');
    const [{ id }] = await server.sql(`SELECT id FROM staff_invitations WHERE email = $1`, [email]);
    const changed = await server.gql(SET_ROLE, { id, role: 'MANAGER' }, { token: owner.token });
    expect(changed.data!.setStaffRole).toMatchObject({ id, role: 'MANAGER', status: 'INVITED' });
    expect((await server.gql(SET_ROLE, { id, role: null }, { token: owner.token })).data).toEqual({
      setStaffRole: null,
    });
    const accessToken = await signUp(email);
    expectInputError(
      await server.gql(ACCEPT, { token }, { token: accessToken }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    const unknown = await server.gql(SET_ROLE, { id, role: 'OWNER' }, { token: owner.token });
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the last owner', () => {
  const owners = async () =>
    (await server.sql(`SELECT user_id FROM user_roles WHERE role = 'OWNER'`)).map((r) => r.user_id);

  it('cannot demote or remove themselves when alone', async () => {
    expect(await owners()).toEqual([owner.id]);
    for (const role of ['MANAGER', null]) {
      expectInputError(
        await server.gql(SET_ROLE, { id: owner.id, role }, { token: owner.token }),
        'role',
        STAFF_MESSAGES.lastOwner,
      );
    }
    const [row] = await server.sql(`SELECT role FROM user_roles WHERE user_id = $1`, [owner.id]);
    expect(row.role).toBe('OWNER');
  });

  it('two owners demoting each other at the same moment leave exactly one owner', async () => {
    const other = await server.createUser({ staffRole: 'OWNER', fullName: 'Otto Owner' });
    for (let round = 0; round < 5; round++) {
      expect((await owners()).sort()).toEqual([owner.id, other.id].sort());
      const [a, b] = await Promise.all([
        server.gql(SET_ROLE, { id: other.id, role: round % 2 ? null : 'MANAGER' }, { token: owner.token }),
        server.gql(SET_ROLE, { id: owner.id, role: 'SUPPORT' }, { token: other.token }),
      ]);
      const outcomes = [a, b].map((res) => (res.errors ? res.errors[0].message : 'ok')).sort();
      expect(outcomes).toEqual([STAFF_MESSAGES.lastOwner, 'ok'].sort());
      const left = await owners();
      expect(left).toHaveLength(1);
      // The one left makes the other an owner again (a removed one is granted through the admin CLI's way).
      const [survivor, demoted] = left[0] === owner.id ? [owner, other] : [other, owner];
      const [{ role }] = (await server.sql(`SELECT role FROM user_roles WHERE user_id = $1`, [demoted.id])).concat([
        { role: null },
      ]);
      if (role === null)
        await server.sql(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'MANAGER')`, [demoted.id]);
      const restored = await server.gql(SET_ROLE, { id: demoted.id, role: 'OWNER' }, { token: survivor.token });
      expect(restored.errors).toBeUndefined();
    }
    const removed = await server.gql(SET_ROLE, { id: other.id, role: null }, { token: owner.token });
    expect(removed.errors).toBeUndefined();
    expect(await owners()).toEqual([owner.id]);
  });
});
