/**
 * Two-factor sign-in (docs/staff-and-permissions.md "Two-factor sign-in"): TOTP enrolment with codes the test
 * generates from the secret, the sign-in challenge (wrong, reused within its step, recovery code once, expired, used),
 * the throttles, REQUIRE_STAFF_2FA (this server has it on) and the step-up of sensitive actions.
 */
import { TWO_FACTOR_MESSAGES, SECOND_FACTOR_REASONS } from '../../common/two-factor';
import { totpCode } from '../../server/src/accounts/totp';
import { startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'error', REQUIRE_STAFF_2FA: 'true' } });
});
afterAll(() => server.close());

const now = () => Math.floor(Date.now() / 1000);
const SIGN_IN = `mutation ($email: String!, $password: String!) {
  signIn(input: { email: $email, password: $password }) { accessToken secondFactorRequired challenge viewer { email } }
}`;
const COMPLETE = `mutation ($challenge: String!, $code: String!) {
  completeSignIn(challenge: $challenge, code: $code) { accessToken secondFactorRequired challenge viewer { email } }
}`;

interface Enrolled {
  user: TestUser;
  secret: string;
  recoveryCodes: string[];
}

/**
 * The access token of a password sign-in of an account without a factor: its session counts as checked, which adding
 * the first factor needs (review 30; a token without a session, as `user.token`, cannot be checked).
 */
async function passwordSession(user: TestUser): Promise<string> {
  const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
  expect(res.data!.signIn.secondFactorRequired).toBe(false);
  return res.data!.signIn.accessToken;
}

/** A user with TOTP switched on through the API (the confirming code's step is then taken). */
async function enrolled(options: Parameters<TestServer['createUser']>[0] = {}): Promise<Enrolled> {
  const user = await server.createUser(options);
  const session = await passwordSession(user);
  const begun = await server.gql(`mutation { beginTotpEnrolment { secret otpauthUrl qrSvg } }`, {}, { token: session });
  expect(begun.errors).toBeUndefined();
  const { secret } = begun.data!.beginTotpEnrolment;
  const confirmed = await server.gql(
    `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`,
    { code: totpCode(secret) },
    { token: session },
  );
  expect(confirmed.errors).toBeUndefined();
  return { user, secret, recoveryCodes: confirmed.data!.confirmTotpEnrolment };
}

async function challengeFor(user: TestUser): Promise<string> {
  const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
  expect(res.errors).toBeUndefined();
  // Nothing of the account before the second factor: no viewer (its orders, tickets, profile), only the challenge.
  expect(res.data!.signIn).toMatchObject({ secondFactorRequired: true, accessToken: '', viewer: null });
  return res.data!.signIn.challenge;
}

const complete = (challenge: string, code: string) => server.gql(COMPLETE, { challenge, code });
const errorOf = (res: GqlResponse) => ({ code: res.errors?.[0]?.extensions?.code, message: res.errors?.[0]?.message });

describe('TOTP enrolment', () => {
  it('shows the secret and QR once, takes the first right code, and answers ten recovery codes', async () => {
    const user = await server.createUser();
    const session = await passwordSession(user);
    const begun = await server.gql(
      `mutation { beginTotpEnrolment { secret otpauthUrl qrSvg } }`,
      {},
      { token: session },
    );
    const { secret, otpauthUrl, qrSvg } = begun.data!.beginTotpEnrolment;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent(user.email));
    expect(qrSvg).toMatch(/^<svg/);
    // The secret is stored encrypted, not as given.
    const [row] = await server.sql(`SELECT secret_encrypted FROM totp_factors WHERE user_id = $1`, [user.id]);
    expect(row.secret_encrypted).not.toContain(secret);

    const wrong = await server.gql(`mutation { confirmTotpEnrolment(code: "000000") }`, {}, { token: session });
    expect(errorOf(wrong).code).toBe('BAD_USER_INPUT');
    const me = `{ me { totpEnabled recoveryCodesLeft secondFactorSetupRequired } }`;
    expect((await server.gql(me, {}, { token: user.token })).data!.me.totpEnabled).toBe(false);

    const confirmed = await server.gql(
      `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`,
      { code: totpCode(secret) },
      { token: session },
    );
    const codes: string[] = confirmed.data!.confirmTotpEnrolment;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const stored = await server.sql(`SELECT code_hash FROM recovery_codes WHERE user_id = $1`, [user.id]);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0].replace(/-/g, ''));
    expect((await server.gql(me, {}, { token: user.token })).data!.me).toEqual({
      totpEnabled: true,
      recoveryCodesLeft: 10,
      secondFactorSetupRequired: false,
    });
    // A second enrolment asks first for a fresh check (this token has no session to stamp): nothing reveals or
    // replaces the secret.
    const again = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token: user.token });
    expect(errorOf(again)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.stepUpRequired });
  });

  it('asks a session for a fresh second-factor check before enrolling an account that has a factor (review 30)', async () => {
    // A stolen session must not add its own authenticator: confirming would also stamp it for every step-up.
    const { user, secret, recoveryCodes } = await enrolled();
    const done = await complete(await challengeFor(user), totpCode(secret, now() + 30));
    const token = done.data!.completeSignIn.accessToken;
    await server.sql(`UPDATE second_factor_checks SET checked_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      user.id,
    ]);
    const [before] = await server.sql(`SELECT secret_encrypted FROM totp_factors WHERE user_id = $1`, [user.id]);
    const begin = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token });
    expect(errorOf(begin)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.stepUpRequired });
    expect(begin.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.stepUpRequired);
    const confirm = await server.gql(`mutation { confirmTotpEnrolment(code: "123456") }`, {}, { token });
    expect(errorOf(confirm)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.stepUpRequired });
    const [after] = await server.sql(`SELECT secret_encrypted FROM totp_factors WHERE user_id = $1`, [user.id]);
    expect(after.secret_encrypted).toBe(before.secret_encrypted);
    // Confirmed, the session meets the rule of enrolment itself: one authenticator at a time.
    const stepped = await server.gql(
      `mutation ($code: String!) { confirmSecondFactor(code: $code) }`,
      { code: recoveryCodes[0] },
      { token },
    );
    expect(stepped.errors).toBeUndefined();
    const again = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token });
    expect(errorOf(again)).toEqual({ code: 'BAD_USER_INPUT', message: TWO_FACTOR_MESSAGES.alreadyEnabled });
  });

  it('switches off with the password and a code, and sign-in asks for nothing after', async () => {
    const { user, secret } = await enrolled();
    const wrongPassword = await server.gql(
      `mutation ($code: String!) { disableTotp(password: "Wr0ngPassword", code: $code) }`,
      { code: totpCode(secret, now() + 30) },
      { token: user.token },
    );
    expect(errorOf(wrongPassword)).toEqual({ code: 'BAD_USER_INPUT', message: TWO_FACTOR_MESSAGES.wrongPassword });
    const off = await server.gql(
      `mutation ($password: String!, $code: String!) { disableTotp(password: $password, code: $code) }`,
      { password: user.password, code: totpCode(secret, now() + 30) },
      { token: user.token },
    );
    expect(off.errors).toBeUndefined();
    const signedIn = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    expect(signedIn.data!.signIn.secondFactorRequired).toBe(false);
    expect(signedIn.data!.signIn.accessToken).not.toBe('');
    expect(await server.sql(`SELECT 1 FROM recovery_codes WHERE user_id = $1`, [user.id])).toHaveLength(0);
  });
});

describe('sign-in with a second factor', () => {
  it('answers a challenge and no token or cookie; completes with a TOTP code once per step', async () => {
    const { user, secret } = await enrolled();
    const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    expect(res.data!.signIn).toMatchObject({ secondFactorRequired: true, accessToken: '' });
    expect(res.headers.get('set-cookie')).toBeNull();
    const challenge = res.data!.signIn.challenge;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored hashed.
    expect(await server.sql(`SELECT 1 FROM sign_in_challenges WHERE token_hash = $1`, [challenge])).toHaveLength(0);

    expect(errorOf(await complete(challenge, '12345'))).toEqual({
      code: 'BAD_USER_INPUT',
      message: TWO_FACTOR_MESSAGES.codeRequired,
    });
    const wrongCode = totpCode(secret, now() - 120);
    expect(errorOf(await complete(challenge, wrongCode))).toEqual({
      code: 'BAD_USER_INPUT',
      message: TWO_FACTOR_MESSAGES.invalidCode,
    });
    // The enrolment took this step's code: the same code again is refused as reused, within its step.
    expect(errorOf(await complete(challenge, totpCode(secret)))).toEqual({
      code: 'BAD_USER_INPUT',
      message: TWO_FACTOR_MESSAGES.reusedCode,
    });
    const next = totpCode(secret, now() + 30);
    const done = await complete(challenge, next);
    expect(done.errors).toBeUndefined();
    expect(done.data!.completeSignIn).toMatchObject({
      secondFactorRequired: false,
      challenge: null,
      viewer: { email: user.email },
    });
    expect(done.data!.completeSignIn.accessToken).not.toBe('');
    expect(done.headers.get('set-cookie')).toContain('store_refresh=');
    const me = await server.gql(`{ me { email } }`, {}, { token: done.data!.completeSignIn.accessToken });
    expect(me.data!.me.email).toBe(user.email);

    // Used: the challenge is spent; the step's code on a new challenge is reused.
    expect(errorOf(await complete(challenge, totpCode(secret, now() + 30)))).toEqual({
      code: 'UNAUTHENTICATED',
      message: TWO_FACTOR_MESSAGES.challengeUsed,
    });
    expect(errorOf(await complete(await challengeFor(user), next))).toEqual({
      code: 'BAD_USER_INPUT',
      message: TWO_FACTOR_MESSAGES.reusedCode,
    });
  });

  it('takes a recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled();
    const first = await complete(await challengeFor(user), recoveryCodes[3].toUpperCase());
    expect(first.errors).toBeUndefined();
    expect(first.data!.completeSignIn.accessToken).not.toBe('');
    expect(errorOf(await complete(await challengeFor(user), recoveryCodes[3]))).toEqual({
      code: 'BAD_USER_INPUT',
      message: TWO_FACTOR_MESSAGES.usedRecoveryCode,
    });
    const me = await server.gql(`{ me { recoveryCodesLeft } }`, {}, { token: first.data!.completeSignIn.accessToken });
    expect(me.data!.me.recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge, a made-up one, and one from before a password change', async () => {
    const { user, secret } = await enrolled();
    const expired = await challengeFor(user);
    await server.sql(`UPDATE sign_in_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expect(errorOf(await complete(expired, totpCode(secret, now() + 30)))).toEqual({
      code: 'UNAUTHENTICATED',
      message: TWO_FACTOR_MESSAGES.challengeExpired,
    });
    expect(errorOf(await complete('x'.repeat(43), totpCode(secret, now() + 30)))).toEqual({
      code: 'UNAUTHENTICATED',
      message: TWO_FACTOR_MESSAGES.challengeInvalid,
    });
    const superseded = await challengeFor(user);
    await server.sql(`UPDATE users SET sessions_ended_at = clock_timestamp() WHERE id = $1`, [user.id]);
    expect(errorOf(await complete(superseded, totpCode(secret, now() + 30)))).toEqual({
      code: 'UNAUTHENTICATED',
      message: TWO_FACTOR_MESSAGES.challengeInvalid,
    });
  });

  it('throttles attempts per challenge (5) and per account (10 in 15 minutes), right codes included', async () => {
    const { user, secret } = await enrolled(); // the enrolment's code: 1 of the account's 10
    const challenge = await challengeFor(user);
    for (let i = 0; i < 5; i++) expect(errorOf(await complete(challenge, '000000')).code).toBe('BAD_USER_INPUT');
    // The sixth on this challenge is refused before the code is looked at, even a right one.
    const sixth = await complete(challenge, totpCode(secret, now() + 30));
    expect(errorOf(sixth).code).toBe('RATE_LIMITED');
    // The account: 1 + 5 counted (the refused sixth never reached it); four more on a new challenge, then refused.
    const another = await challengeFor(user);
    for (let i = 0; i < 4; i++) expect(errorOf(await complete(another, '000000')).code).toBe('BAD_USER_INPUT');
    expect(errorOf(await complete(another, totpCode(secret, now() + 30))).code).toBe('RATE_LIMITED');
    // Nothing about the throttled account leaks to others: a fresh account's challenge is unaffected.
    const other = await enrolled();
    expect((await complete(await challengeFor(other.user), totpCode(other.secret, now() + 30))).errors).toBeUndefined();
  });

  it('takes one TOTP code once when two sign-ins race with it', async () => {
    const { user, secret } = await enrolled();
    const [a, b] = [await challengeFor(user), await challengeFor(user)];
    const code = totpCode(secret, now() + 30);
    const results = await Promise.all([complete(a, code), complete(b, code)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(errorOf(results.find((r) => r.errors)!).message).toBe(TWO_FACTOR_MESSAGES.reusedCode);
  });
});

describe('staff (REQUIRE_STAFF_2FA on)', () => {
  it('a staff member without a factor can only enrol; staff operations answer FORBIDDEN naming enrolment', async () => {
    const owner = await server.createUser({ staffRole: 'OWNER' });
    const me = await server.gql(`{ me { secondFactorSetupRequired } }`, {}, { token: owner.token });
    expect(me.data!.me.secondFactorSetupRequired).toBe(true);
    const staff = await server.gql(`{ staff { id } }`, {}, { token: owner.token });
    expect(errorOf(staff)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.enrolmentRequired });
    expect(staff.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.enrolmentRequired);
    // Enrolling is allowed (right after a password sign-in), and then the same token works at once.
    const session = await passwordSession(owner);
    const begun = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token: session });
    const confirmed = await server.gql(
      `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`,
      { code: totpCode(begun.data!.beginTotpEnrolment.secret) },
      { token: session },
    );
    expect(confirmed.errors).toBeUndefined();
    expect((await server.gql(`{ staff { id } }`, {}, { token: session })).errors).toBeUndefined();
    expect((await server.gql(`{ staff { id } }`, {}, { token: owner.token })).errors).toBeUndefined();
    // A customer is not asked to enrol.
    const customer = await server.createUser();
    expect((await server.gql(`{ me { secondFactorSetupRequired } }`, {}, { token: customer.token })).data!.me).toEqual({
      secondFactorSetupRequired: false,
    });
  });

  it('refuses the audit log CSV to an owner without a factor, naming enrolment, as adminAuditLog does', async () => {
    const owner = await server.createUser({ staffRole: 'OWNER' });
    const csv = await fetch(`${server.url}/admin/audit-log.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.status).toBe(403);
    expect(((await csv.json()) as { error: unknown }).error).toMatchObject({
      code: 'FORBIDDEN',
      message: TWO_FACTOR_MESSAGES.enrolmentRequired,
      reason: SECOND_FACTOR_REASONS.enrolmentRequired,
    });
  });

  it('staff without a factor get no staff access through operations that check can() by hand', async () => {
    // order(id), Order.keys, ticket(id) and replyToTicket let the owner in or staff by permission: the latter must
    // follow REQUIRE_STAFF_2FA as @Requires does (review 30, F2).
    const customer = await server.createUser();
    const [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
    const placed = await server.gql(
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { productId, quantity: 1, email: customer.email, paymentMethod: 'BTC' } },
      { token: customer.token },
    );
    expect(placed.errors).toBeUndefined();
    const orderId = placed.data!.placeOrder.id;
    const created = await server.gql(
      `mutation ($i: CreateTicketInput!) { createTicket(input: $i) { id } }`,
      { i: { title: 'Key does not activate', description: 'It says invalid key.', category: 'INSTALLATION' } },
      { token: customer.token },
    );
    expect(created.errors).toBeUndefined();
    const ticketId = created.data!.createTicket.id;
    const staff = await server.createUser({ staffRole: 'MANAGER' }); // ORDERS_READ and TICKETS, no factor
    const ORDER = `query ($id: ID!) { order(id: $id) { id keys { value } } }`;
    const TICKET = `query ($id: ID!) { ticket(id: $id) { id } }`;
    const REPLY = `mutation ($id: ID!) { replyToTicket(ticketId: $id, body: "Staff reply.") { id } }`;
    expect(errorOf(await server.gql(ORDER, { id: orderId }, { token: staff.token })).code).toBe('NOT_FOUND');
    expect(errorOf(await server.gql(TICKET, { id: ticketId }, { token: staff.token })).code).toBe('NOT_FOUND');
    expect(errorOf(await server.gql(REPLY, { id: ticketId }, { token: staff.token })).code).toBe('NOT_FOUND');
    expect(await server.sql(`SELECT 1 FROM ticket_messages WHERE author_id = $1`, [staff.id])).toEqual([]);
    // Once enrolled, the same member reads and answers them.
    const session = await passwordSession(staff);
    const begun = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token: session });
    const confirmed = await server.gql(
      `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`,
      { code: totpCode(begun.data!.beginTotpEnrolment.secret) },
      { token: session },
    );
    expect(confirmed.errors).toBeUndefined();
    const order = await server.gql(ORDER, { id: orderId }, { token: staff.token });
    expect(order.errors).toBeUndefined();
    expect(order.data!.order.id).toBe(orderId);
    expect((await server.gql(TICKET, { id: ticketId }, { token: staff.token })).data!.ticket).toEqual({ id: ticketId });
  });

  it('asks for the second factor again for a sensitive action when the last check is over 10 minutes old', async () => {
    const { user, secret, recoveryCodes } = await enrolled({ staffRole: 'OWNER' });
    const done = await complete(await challengeFor(user), totpCode(secret, now() + 30));
    const token = done.data!.completeSignIn.accessToken;
    const invite = (n: number) =>
      server.gql(
        `mutation ($email: String!) { inviteStaff(email: $email, role: SUPPORT) { id } }`,
        { email: `step-up-${n}-${user.id.slice(0, 8)}@example.com` },
        { token },
      );
    // Signing in with the code was a check.
    expect((await invite(1)).errors).toBeUndefined();
    await server.sql(`UPDATE second_factor_checks SET checked_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      user.id,
    ]);
    const stale = await invite(2);
    expect(errorOf(stale)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.stepUpRequired });
    expect(stale.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.stepUpRequired);
    expect(await server.sql(`SELECT 1 FROM staff_invitations WHERE email LIKE 'step-up-2-%'`)).toHaveLength(0);
    // Reads and other operations do not ask.
    expect((await server.gql(`{ staff { id } }`, {}, { token })).errors).toBeUndefined();
    const wrong = await server.gql(`mutation { confirmSecondFactor(code: "000000") }`, {}, { token });
    expect(errorOf(wrong).code).toBe('BAD_USER_INPUT');
    // The sign-in took the step after this one: this step's code is reused; a recovery code does it.
    const reused = await server.gql(
      `mutation ($code: String!) { confirmSecondFactor(code: $code) }`,
      { code: totpCode(secret) },
      { token },
    );
    expect(errorOf(reused).message).toBe(TWO_FACTOR_MESSAGES.reusedCode);
    const confirmed = await server.gql(
      `mutation ($code: String!) { confirmSecondFactor(code: $code) }`,
      { code: recoveryCodes[0] },
      { token },
    );
    expect(confirmed.errors).toBeUndefined();
    expect((await invite(3)).errors).toBeUndefined();
  });

  it('asks for the second factor again to set an order to a paid status, which delivers its keys (review 30)', async () => {
    const { user, secret, recoveryCodes } = await enrolled({ staffRole: 'FULFILMENT' });
    const done = await complete(await challengeFor(user), totpCode(secret, now() + 30));
    const token = done.data!.completeSignIn.accessToken;
    await server.sql(`UPDATE second_factor_checks SET checked_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      user.id,
    ]);
    const customer = await server.createUser();
    const [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
    const place = async () => {
      const placed = await server.gql(
        `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
        { input: { productId, quantity: 1, email: customer.email, paymentMethod: 'BTC' } },
        { token: customer.token },
      );
      expect(placed.errors).toBeUndefined();
      return placed.data!.placeOrder.id as string;
    };
    const [paid, cancelled] = [await place(), await place()];
    const setStatus = (orderId: string, status: string) =>
      server.gql(
        `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { status } }`,
        { orderId, status },
        { token },
      );
    const stale = await setStatus(paid, 'SUCCESS');
    expect(errorOf(stale)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.stepUpRequired });
    expect(stale.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.stepUpRequired);
    const [order] = await server.sql(`SELECT status FROM orders WHERE id = $1`, [paid]);
    expect(order.status).toBe('PENDING');
    // A move that hands nothing out is routine.
    expect((await setStatus(cancelled, 'CANCELLED')).data!.setOrderStatus.status).toBe('CANCELLED');
    const stepped = await server.gql(
      `mutation ($code: String!) { confirmSecondFactor(code: $code) }`,
      { code: recoveryCodes[0] },
      { token },
    );
    expect(stepped.errors).toBeUndefined();
    expect((await setStatus(paid, 'SUCCESS')).data!.setOrderStatus.status).toBe('SUCCESS');
  });
});
