/**
 * Accounts customers can recover (issue 29; docs/decisions.md "Accounts and sessions"), against a real SMTP server
 * (tests/support/inbox.ts): every mailed link is followed by its token. Password reset (always true, no timing
 * difference, throttled silently, single use, newest only, 30 minutes), the races (two resets with one token, a reset
 * racing a sign-in), e-mail verification, changes of password and e-mail (with the undo link), and the sessions list
 * with revokeSession and signOutEverywhere (refresh refused, sockets closed).
 */
import type { ParsedMail } from 'mailparser';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../common/validation';
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
const NEW_PASSWORD = 'N3wPassword';

const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
const REFRESH = `mutation { refreshSession { accessToken } }`;
const ME = `{ me { id email emailVerified } }`;
const REQUEST_RESET = `mutation ($email: String!) { requestPasswordReset(email: $email) }`;
const RESET = `mutation ($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`;
const VERIFY = `mutation ($token: String!) { verifyEmail(token: $token) }`;
const RESEND = `mutation { resendVerificationEmail }`;
const CHANGE_PASSWORD = `mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }`;
const REQUEST_EMAIL_CHANGE = `mutation ($e: String!, $p: String!) { requestEmailChange(newEmail: $e, password: $p) }`;
const CONFIRM_EMAIL_CHANGE = `mutation ($token: String!) { confirmEmailChange(token: $token) }`;
const MY_SESSIONS = `{ mySessions { id createdAt lastUsedAt device approximateIp current } }`;
const REVOKE = `mutation ($id: ID!) { revokeSession(id: $id) }`;
const EVERYWHERE = `mutation { signOutEverywhere }`;

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const inbox = new Inbox();
let server: TestServer;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await inbox.start();
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL, LOG_LEVEL: 'silent' },
  });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

/** The token of the mail's link to `/auth/<page>?token=`, checking the link starts at PUBLIC_URL. */
function tokenIn(mail: ParsedMail, page: 'reset' | 'verify' | 'email'): string {
  const match = new RegExp(`${PUBLIC_URL}/auth/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no /auth/${page} link in: ${mail.text}`);
  return match[1];
}

/** Every message to `address` so far whose subject matches. */
const mailsTo = (address: string, subject: RegExp) =>
  inbox.to(address).filter((r) => subject.test(r.mail.subject ?? ''));

/** Signs in over HTTP: the access token and the refresh cookie a browser would keep. */
async function signIn(email: string, password: string, userAgent?: string) {
  const res = await server.gql(
    SIGN_IN,
    { input: { email, password } },
    { headers: userAgent ? { 'user-agent': userAgent } : {} },
  );
  if (!res.data?.signIn) return { ok: false as const, res };
  const line = res.headers.getSetCookie().find((l) => l.startsWith('store_refresh='))!;
  return { ok: true as const, token: res.data.signIn.accessToken as string, cookie: line.split(';')[0], res };
}

async function refreshes(cookie: string): Promise<boolean> {
  const res = await server.gql(REFRESH, {}, { cookie });
  return !!res.data?.refreshSession;
}

function expectInputError(res: GqlResponse, field: string, message: string): void {
  expect(res.errors).toEqual([
    expect.objectContaining({
      message,
      extensions: expect.objectContaining({
        code: 'BAD_USER_INPUT',
        fieldErrors: expect.arrayContaining([{ field, message }]),
      }),
    }),
  ]);
}

async function passwordHash(userId: string): Promise<string> {
  const [row] = await server.sql(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return row.password_hash;
}

async function resetToken(user: Pick<TestUser, 'email'>): Promise<string> {
  const before = mailsTo(user.email, /Reset your/).length;
  const res = await server.gql(REQUEST_RESET, { email: user.email });
  expect(res.data).toEqual({ requestPasswordReset: true });
  const received = await eventually(() => mailsTo(user.email, /Reset your/)[before]);
  return tokenIn(received.mail, 'reset');
}

describe('password reset', () => {
  it('mails a link whose token sets the new password, ends every session and tells the account', async () => {
    const user = await server.createUser();
    const first = await signIn(user.email, user.password);
    const second = await signIn(user.email, user.password);
    if (!first.ok || !second.ok) throw new Error('sign-in failed');

    const token = await resetToken(user);
    expect((await server.gql(RESET, { token, password: NEW_PASSWORD })).data).toEqual({ resetPassword: true });

    expect(await refreshes(first.cookie)).toBe(false);
    expect(await refreshes(second.cookie)).toBe(false);
    expect((await signIn(user.email, user.password)).ok).toBe(false);
    expect((await signIn(user.email, NEW_PASSWORD)).ok).toBe(true);
    const notice = await inbox.waitFor(user.email, /password was changed/);
    expect(notice.text).toContain('every device signed in to it was signed out');
    // The stored token is its SHA-256, never the token.
    const rows = await server.sql(`SELECT token_hash FROM account_tokens WHERE user_id = $1`, [user.id]);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it("shows admins the outbox's reset mail with its token hidden", async () => {
    const user = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const token = await resetToken(user);
    const res = await server.gql(
      `{ adminNotifications(first: 100) { edges { node { kind to text html } } } }`,
      {},
      { token: admin.token },
    );
    const mail = res
      .data!.adminNotifications.edges.map(
        (e: { node: { kind: string; to: string; text: string; html: string } }) => e.node,
      )
      .find((n: { kind: string; to: string }) => n.kind === 'PASSWORD_RESET' && n.to === user.email);
    expect(mail.text).toContain(`${PUBLIC_URL}/auth/reset?token=hidden`);
    expect(mail.text + mail.html).not.toContain(token);
  });

  it('refuses a used, expired, tampered, replaced or foreign token with one message each, changing nothing', async () => {
    const user = await server.createUser();
    const used = await resetToken(user);
    await server.gql(RESET, { token: used, password: NEW_PASSWORD });
    const hash = await passwordHash(user.id);
    expectInputError(
      await server.gql(RESET, { token: used, password: 'An0therOne' }),
      'token',
      ACCOUNT_MESSAGES.tokenUsed,
    );

    const expired = await resetToken(user);
    await server.sql(`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      user.id,
    ]);
    expectInputError(
      await server.gql(RESET, { token: expired, password: 'An0therOne' }),
      'token',
      ACCOUNT_MESSAGES.tokenExpired,
    );

    const older = await resetToken(user);
    const newest = await resetToken(user);
    expectInputError(
      await server.gql(RESET, { token: older, password: 'An0therOne' }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    const tampered = newest.slice(0, -1) + (newest.endsWith('A') ? 'B' : 'A');
    expectInputError(
      await server.gql(RESET, { token: tampered, password: 'An0therOne' }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expectInputError(
      await server.gql(RESET, { token: 'not a token', password: 'An0therOne' }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    // A verification token is no reset token.
    await server.sql(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [user.id]);
    const login = await signIn(user.email, NEW_PASSWORD);
    if (!login.ok) throw new Error('sign-in failed');
    await server.gql(RESEND, {}, { token: login.token });
    const verifyToken = tokenIn(await inbox.waitFor(user.email, /Confirm your e-mail/), 'verify');
    expectInputError(
      await server.gql(RESET, { token: verifyToken, password: 'An0therOne' }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expect(await passwordHash(user.id)).toBe(hash);

    // A password that breaks the rules gets the spec's message, and the token still works afterwards.
    expectInputError(await server.gql(RESET, { token: newest, password: 'short' }), 'password', MESSAGES.passwordMin);
    expectInputError(
      await server.gql(RESET, { token: newest, password: 'alllowercase1' }),
      'password',
      MESSAGES.passwordUpper,
    );
    expect(await passwordHash(user.id)).toBe(hash);
    expect((await server.gql(RESET, { token: newest, password: 'Fin4lPassword' })).data).toEqual({
      resetPassword: true,
    });
  });

  it('answers true for an unknown address and mails nothing there', async () => {
    const unknown = `nobody-${Date.now()}@example.com`;
    expect((await server.gql(REQUEST_RESET, { email: unknown })).data).toEqual({ requestPasswordReset: true });
    const user = await server.createUser();
    await resetToken(user); // queued after the unknown one: once it arrived, the unknown one's job has run
    await sleep(200);
    expect(inbox.to(unknown)).toEqual([]);
    expect(await server.sql(`SELECT 1 FROM notifications WHERE to_address = $1`, [unknown])).toEqual([]);
  });

  it('takes as long for an unknown address as for a registered one', async () => {
    // A server that only queues jobs (as one beside `npm run worker` does): what is timed is the request alone, not the
    // mail the worker later sends to a registered address (which nobody asking can see).
    const quiet = await startTestServer({ env: { JOBS_IN_PROCESS: 'false', LOG_LEVEL: 'silent' } });
    try {
      const user = await quiet.createUser();
      const time = async (email: string) => {
        const start = process.hrtime.bigint();
        const res = await quiet.gql(REQUEST_RESET, { email });
        expect(res.data).toEqual({ requestPasswordReset: true });
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 40; i++) {
        known.push(await time(user.email));
        unknown.push(await time(`nobody-${i}-${Date.now()}@example.com`));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      // The same statements either way (count the attempt, queue the lookup): the medians differ by noise only.
      expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(3, 0.5 * median(unknown)));
      // Both were queued alike; the lookups are the worker's.
      const jobs = await quiet.sql(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'accounts:password-reset-mail'`,
      );
      expect(jobs[0].n).toBe(80);
    } finally {
      await quiet.close();
    }
  });

  it('answers a throttled request true and sends nothing', async () => {
    const user = await server.createUser();
    await server.sql(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), 100000)
       ON CONFLICT (key) DO UPDATE SET window_start = now(), hits = 100000`,
      [`reset:email:${user.email}`],
    );
    expect((await server.gql(REQUEST_RESET, { email: user.email })).data).toEqual({ requestPasswordReset: true });
    const other = await server.createUser();
    await resetToken(other);
    await sleep(200);
    expect(mailsTo(user.email, /Reset your/)).toEqual([]);
  });

  it("does not spend an address's mails on requests its IP limit refused", async () => {
    const user = await server.createUser();
    await server.sql(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ('reset:ip:127.0.0.1', now(), 100000)
       ON CONFLICT (key) DO UPDATE SET window_start = now(), hits = 100000`,
    );
    try {
      for (let i = 0; i < 4; i++) {
        expect((await server.gql(REQUEST_RESET, { email: user.email })).data).toEqual({ requestPasswordReset: true });
      }
    } finally {
      await server.sql(`DELETE FROM rate_limits WHERE key = 'reset:ip:127.0.0.1'`);
    }
    // A stranger's throttled requests left the owner's hourly mails untouched.
    expect(await server.sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`reset:email:${user.email}`])).toEqual([]);
    expect((await server.gql(REQUEST_RESET, { email: user.email })).data).toEqual({ requestPasswordReset: true });
    await inbox.waitFor(user.email, /Reset your/);
  });

  it('mails one address at most PASSWORD_RESET_MAIL_LIMIT (3) reset links an hour, answering true throughout', async () => {
    const strict = await startTestServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
        PUBLIC_URL,
        LOG_LEVEL: 'silent',
        PASSWORD_RESET_MAIL_LIMIT: '3',
      },
    });
    try {
      const [user, other] = [await strict.createUser(), await strict.createUser()];
      for (let i = 0; i < 5; i++) {
        expect((await strict.gql(REQUEST_RESET, { email: user.email })).data).toEqual({ requestPasswordReset: true });
      }
      // Queued after the others: once its mail arrived, theirs were sent or never queued.
      expect((await strict.gql(REQUEST_RESET, { email: other.email })).data).toEqual({ requestPasswordReset: true });
      await inbox.waitFor(other.email, /Reset your/);
      await sleep(200);
      expect(mailsTo(user.email, /Reset your/)).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });

  it('lets exactly one of two resets with one token win', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await server.createUser();
      const token = await resetToken(user);
      const passwords = ['Raced0neAA', 'Raced0neBB'];
      const results = await Promise.all(passwords.map((password) => server.gql(RESET, { token, password })));
      const winners = results.filter((r) => r.data?.resetPassword === true);
      const losers = results.filter((r) => r.errors);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0].errors![0].message).toBe(ACCOUNT_MESSAGES.tokenUsed);
      const won = passwords[results.indexOf(winners[0])];
      expect((await signIn(user.email, won)).ok).toBe(true);
      const [row] = await server.sql(
        `SELECT count(*)::int AS n FROM account_tokens WHERE user_id = $1 AND used_at IS NOT NULL`,
        [user.id],
      );
      expect(row.n).toBe(1);
    }
  });

  it('never leaves alive a sign-in that raced the reset with the old password', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await server.createUser();
      const token = await resetToken(user);
      const [signedIn] = await Promise.all([
        signIn(user.email, user.password),
        server.gql(RESET, { token, password: NEW_PASSWORD }),
      ]);
      if (signedIn.ok) expect(await refreshes(signedIn.cookie)).toBe(false);
      else expect(signedIn.res.errors?.[0].message).toBe(MESSAGES.invalidCredentials);
      const live = await server.sql(
        `SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
        [user.id],
      );
      expect(live).toEqual([]);
    }
  });
});

describe('e-mail verification', () => {
  it('mails a link at sign-up whose token marks the address verified', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const res = await server.gql(
      `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken viewer { emailVerified } } }`,
      { input: { fullName: 'Vera Fied', email, password: 'Passw0rdOK' } },
    );
    expect(res.data?.signUp.viewer.emailVerified).toBe(false);
    const admin = await server.createUser({ admin: true });
    const adminSees = async () =>
      (
        await server.gql(
          `query ($s: String) { adminCustomers(search: $s) { edges { node { email emailVerified } } } }`,
          { s: email },
          { token: admin.token },
        )
      ).data?.adminCustomers.edges.map((e: { node: unknown }) => e.node);
    expect(await adminSees()).toEqual([{ email, emailVerified: false }]);
    const token = tokenIn(await inbox.waitFor(email, /Confirm your e-mail/), 'verify');
    expect((await server.gql(VERIFY, { token })).data).toEqual({ verifyEmail: true });
    const me = await server.gql(ME, {}, { token: res.data!.signUp.accessToken });
    expect(me.data?.me).toMatchObject({ email, emailVerified: true });
    expect(await adminSees()).toEqual([{ email, emailVerified: true }]);
    expectInputError(await server.gql(VERIFY, { token }), 'token', ACCOUNT_MESSAGES.tokenUsed);
  });

  it('resends a link (throttled) and nothing once verified', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 3; i++) {
      expect((await server.gql(RESEND, {}, { token: user.token })).data).toEqual({ resendVerificationEmail: true });
    }
    const throttled = await server.gql(RESEND, {}, { token: user.token });
    expect(throttled.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    // Only the newest of the links works.
    const mails = await eventually(() => {
      const found = mailsTo(user.email, /Confirm your e-mail/);
      return found.length === 3 ? found : undefined;
    });
    const tokens = mails.map((m) => tokenIn(m.mail, 'verify'));
    const results = await Promise.all(tokens.map((token) => server.gql(VERIFY, { token })));
    expect(results.filter((r) => r.data?.verifyEmail === true)).toHaveLength(1);
    expect((await server.gql(ME, {}, { token: user.token })).data?.me.emailVerified).toBe(true);
  });
});

describe('change of password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await server.createUser();
    const here = await signIn(user.email, user.password);
    const there = await signIn(user.email, user.password);
    if (!here.ok || !there.ok) throw new Error('sign-in failed');
    expectInputError(
      await server.gql(CHANGE_PASSWORD, { c: 'Wr0ngPassword', n: NEW_PASSWORD }, { token: here.token }),
      'currentPassword',
      ACCOUNT_MESSAGES.wrongPassword,
    );
    expectInputError(
      await server.gql(CHANGE_PASSWORD, { c: user.password, n: 'weak' }, { token: here.token }),
      'newPassword',
      MESSAGES.passwordMin,
    );
    expect(await refreshes(there.cookie)).toBe(true);
    const there2 = await signIn(user.email, user.password);
    if (!there2.ok) throw new Error('sign-in failed');

    const res = await server.gql(CHANGE_PASSWORD, { c: user.password, n: NEW_PASSWORD }, { token: here.token });
    expect(res.data).toEqual({ changePassword: true });
    expect(await refreshes(here.cookie)).toBe(true);
    expect(await refreshes(there2.cookie)).toBe(false);
    expect((await signIn(user.email, NEW_PASSWORD)).ok).toBe(true);
    await inbox.waitFor(user.email, /password was changed/);
  });
});

describe('change of e-mail', () => {
  it('moves the account when the new address confirms, and the old address can undo it', async () => {
    const user = await server.createUser();
    const newEmail = `moved-${Date.now()}@example.com`;
    expectInputError(
      await server.gql(REQUEST_EMAIL_CHANGE, { e: newEmail, p: 'Wr0ngPassword' }, { token: user.token }),
      'password',
      ACCOUNT_MESSAGES.wrongPassword,
    );
    expectInputError(
      await server.gql(REQUEST_EMAIL_CHANGE, { e: 'not-an-email', p: user.password }, { token: user.token }),
      'newEmail',
      MESSAGES.invalidEmail,
    );
    const res = await server.gql(REQUEST_EMAIL_CHANGE, { e: newEmail, p: user.password }, { token: user.token });
    expect(res.data).toEqual({ requestEmailChange: true });
    const confirm = tokenIn(await inbox.waitFor(newEmail, /Confirm your new e-mail/), 'email');
    const notice = await inbox.waitFor(user.email, /being changed/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('for 7 days');
    const undo = tokenIn(notice, 'email');
    // The page it opens then says the password was replaced too (the token alone decides what happens).
    expect(notice.text).toContain(`/auth/email?token=${undo}&kept=1`);
    // Nothing changes until the new address confirms.
    expect((await server.gql(ME, {}, { token: user.token })).data?.me.email).toBe(user.email);

    expect((await server.gql(CONFIRM_EMAIL_CHANGE, { token: confirm })).data).toEqual({ confirmEmailChange: true });
    expect((await server.gql(ME, {}, { token: user.token })).data?.me).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    const moved = await signIn(newEmail.toUpperCase(), user.password);
    expect(moved.ok).toBe(true);

    expect((await server.gql(CONFIRM_EMAIL_CHANGE, { token: undo })).data).toEqual({ confirmEmailChange: true });
    expect((await server.gql(ME, {}, { token: user.token })).data?.me.email).toBe(user.email);
    if (moved.ok) expect(await refreshes(moved.cookie)).toBe(false);
    expectInputError(await server.gql(CONFIRM_EMAIL_CHANGE, { token: undo }), 'token', ACCOUNT_MESSAGES.tokenUsed);
  });

  it('refuses at the link an address another account has, without saying so on request', async () => {
    const user = await server.createUser();
    const other = await server.createUser();
    const res = await server.gql(REQUEST_EMAIL_CHANGE, { e: other.email, p: user.password }, { token: user.token });
    expect(res.data).toEqual({ requestEmailChange: true });
    const confirm = tokenIn(await inbox.waitFor(other.email, /Confirm your new e-mail/), 'email');
    expectInputError(await server.gql(CONFIRM_EMAIL_CHANGE, { token: confirm }), 'token', MESSAGES.emailTaken);
    expect((await server.gql(ME, {}, { token: user.token })).data?.me.email).toBe(user.email);
  });
});

describe('sessions', () => {
  it('lists each device, ends one at once (refresh refused, socket closed) and then all', async () => {
    const user = await server.createUser();
    const laptop = await signIn(user.email, user.password, FIREFOX_WINDOWS);
    const phone = await signIn(user.email, user.password, SAFARI_IPHONE);
    if (!laptop.ok || !phone.ok) throw new Error('sign-in failed');

    const listed = await server.gql(MY_SESSIONS, {}, { token: laptop.token });
    const sessions = listed.data!.mySessions as {
      id: string;
      device: string;
      approximateIp: string;
      current: boolean;
    }[];
    expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Firefox on Windows', true],
      ['Safari on iOS', false],
    ]);
    expect(sessions[0].approximateIp).toBe('127.0.0.0/24');
    const phoneSession = sessions.find((s) => !s.current)!;

    // The phone's open socket closes when its session is ended, on every process (as blocking does).
    const [{ id: ticketId }] = await server.sql(
      `INSERT INTO support_tickets (user_id, title, description, category)
       VALUES ($1, 'Socket', 'Open', 'OTHER') RETURNING id`,
      [user.id],
    );
    const client = server.ws(phone.token);
    const closed = new Promise<{ code: number }>((resolve) =>
      client.on('closed', (event) => resolve(event as { code: number })),
    );
    const subscription = subscribeOnce(client, {
      query: `subscription ($id: ID!) { ticketUpdated(ticketId: $id) { id } }`,
      variables: { id: ticketId },
    });
    expect((await subscription.next()).data?.ticketUpdated.id).toBe(ticketId);

    const stranger = await server.createUser();
    expect(
      (await server.gql(REVOKE, { id: phoneSession.id }, { token: stranger.token })).errors?.[0].extensions?.code,
    ).toBe('NOT_FOUND');
    expect((await server.gql(REVOKE, { id: 'nope' }, { token: laptop.token })).errors?.[0].extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await server.gql(REVOKE, { id: phoneSession.id }, { token: laptop.token })).data).toEqual({
      revokeSession: true,
    });
    expect((await closed).code).toBe(4401);
    expect(await refreshes(phone.cookie)).toBe(false);
    expect(await refreshes(laptop.cookie)).toBe(true);

    expect((await server.gql(EVERYWHERE, {}, { token: laptop.token })).data).toEqual({ signOutEverywhere: true });
    expect((await server.gql(MY_SESSIONS, {}, { token: laptop.token })).data?.mySessions).toEqual([]);
  });
});

/** A fresh address nobody has. */
const fresh = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Asks (as `token`'s holder) to move the account from `from` to `to`: the links mailed to each address. */
async function changeEmail(token: string, password: string, from: string, to: string) {
  const confirmsBefore = mailsTo(to, /Confirm your new e-mail/).length;
  const undosBefore = mailsTo(from, /being changed/).length;
  const res = await server.gql(REQUEST_EMAIL_CHANGE, { e: to, p: password }, { token });
  expect(res.data).toEqual({ requestEmailChange: true });
  const confirm = await eventually(() => mailsTo(to, /Confirm your new e-mail/)[confirmsBefore]);
  const undo = await eventually(() => mailsTo(from, /being changed/)[undosBefore]);
  return { confirm: tokenIn(confirm.mail, 'email'), undo: tokenIn(undo.mail, 'email') };
}

async function emailOf(userId: string): Promise<string> {
  const [row] = await server.sql(`SELECT email FROM users WHERE id = $1`, [userId]);
  return row.email;
}

const confirmed = async (token: string) => (await server.gql(CONFIRM_EMAIL_CHANGE, { token })).data;

/** The hostile review of the first version (issue 29): each attack, run against the fix. */
describe('an account taken over through its password', () => {
  it('takes a confirmation and its undo followed at the same moment one after the other, never failing either', async () => {
    // Both links lock the account before their token (they deadlocked, and the undo failed with an internal error).
    for (const delayMs of [0, 5, 10, 20, 40, 80]) {
      const owner = await server.createUser();
      const { confirm, undo } = await changeEmail(owner.token, owner.password, owner.email, fresh('raced'));
      const undone = server.gql(CONFIRM_EMAIL_CHANGE, { token: undo });
      await sleep(delayMs);
      const [undoRes, confirmRes] = await Promise.all([undone, server.gql(CONFIRM_EMAIL_CHANGE, { token: confirm })]);
      expect(undoRes.data).toEqual({ confirmEmailChange: true });
      // The undo won or came second: either way the owner has the address (a confirmation after the undo is refused,
      // as the undo voids the account's other links).
      if (confirmRes.errors) expect(confirmRes.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(await emailOf(owner.id)).toBe(owner.email);
    }
  });

  it("keeps the owner's undo link through later changes; the undo gets whoever changed the address out", async () => {
    const owner = await server.createUser();
    const attacker = await signIn(owner.email, owner.password);
    if (!attacker.ok) throw new Error('sign-in failed');
    const [b, c] = [fresh('taker-b'), fresh('taker-c')];
    const first = await changeEmail(attacker.token, owner.password, owner.email, b);
    expect(await confirmed(first.confirm)).toEqual({ confirmEmailChange: true });
    const resetAtB = await resetToken({ email: b });
    // A second change (B to C) used to replace the unused undo link mailed to the owner.
    const second = await changeEmail(attacker.token, owner.password, b, c);
    expect(await confirmed(second.confirm)).toEqual({ confirmEmailChange: true });

    const resetMails = mailsTo(owner.email, /Reset your/).length;
    expect(await confirmed(first.undo)).toEqual({ confirmEmailChange: true });
    expect(await emailOf(owner.id)).toBe(owner.email);
    // Out: no session, the password they knew is gone, the links they hold are dead.
    expect(await refreshes(attacker.cookie)).toBe(false);
    expect((await signIn(owner.email, owner.password)).ok).toBe(false);
    expectInputError(
      await server.gql(RESET, { token: resetAtB, password: 'Taker5Pass' }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expectInputError(
      await server.gql(CONFIRM_EMAIL_CHANGE, { token: second.undo }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expect(await emailOf(owner.id)).toBe(owner.email);
    // The owner chooses a new password from the link mailed to their address.
    const mail = await eventually(() => mailsTo(owner.email, /Reset your/)[resetMails]);
    expect(mail.mail.text).toContain('has its e-mail address back');
    expect((await server.gql(RESET, { token: tokenIn(mail.mail, 'reset'), password: NEW_PASSWORD })).data).toEqual({
      resetPassword: true,
    });
    expect((await signIn(owner.email, NEW_PASSWORD)).ok).toBe(true);
  });

  it('holds the old address for its owner while the undo link works', async () => {
    const owner = await server.createUser();
    const moved = await changeEmail(owner.token, owner.password, owner.email, fresh('moved'));
    expect(await confirmed(moved.confirm)).toEqual({ confirmEmailChange: true });
    const signUp = await server.gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
      input: { fullName: 'Squatter', email: owner.email.toUpperCase(), password: 'Squat7erPass' },
    });
    expectInputError(signUp, 'email', MESSAGES.emailTaken);
    const other = await server.createUser();
    const onto = await changeEmail(other.token, other.password, other.email, owner.email);
    expectInputError(await server.gql(CONFIRM_EMAIL_CHANGE, { token: onto.confirm }), 'token', MESSAGES.emailTaken);
    expect(await emailOf(other.id)).toBe(other.email);
    expect(await confirmed(moved.undo)).toEqual({ confirmEmailChange: true });
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it("voids a pending change on reset and change of password, but never the owner's undo link", async () => {
    const user = await server.createUser();
    const pending = await changeEmail(user.token, user.password, user.email, fresh('pending'));
    expect((await server.gql(RESET, { token: await resetToken(user), password: NEW_PASSWORD })).data).toEqual({
      resetPassword: true,
    });
    expectInputError(
      await server.gql(CONFIRM_EMAIL_CHANGE, { token: pending.confirm }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );

    const other = await server.createUser();
    const pending2 = await changeEmail(other.token, other.password, other.email, fresh('pending'));
    const changed = await server.gql(CHANGE_PASSWORD, { c: other.password, n: NEW_PASSWORD }, { token: other.token });
    expect(changed.data).toEqual({ changePassword: true });
    expectInputError(
      await server.gql(CONFIRM_EMAIL_CHANGE, { token: pending2.confirm }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );

    // Whoever moved the account to their address resets its password from there: the owner's undo still works.
    const owner = await server.createUser();
    const b = fresh('taker');
    const taken = await changeEmail(owner.token, owner.password, owner.email, b);
    expect(await confirmed(taken.confirm)).toEqual({ confirmEmailChange: true });
    expect((await server.gql(RESET, { token: await resetToken({ email: b }), password: 'Taker5Pass' })).data).toEqual({
      resetPassword: true,
    });
    expect(await confirmed(taken.undo)).toEqual({ confirmEmailChange: true });
    expect(await emailOf(owner.id)).toBe(owner.email);
    expect((await signIn(owner.email, 'Taker5Pass')).ok).toBe(false);
  });

  it('honours a reset link only while the account has the address it was mailed to', async () => {
    const user = await server.createUser();
    const token = await resetToken(user);
    const moved = await changeEmail(user.token, user.password, user.email, fresh('moved'));
    expect(await confirmed(moved.confirm)).toEqual({ confirmEmailChange: true });
    expectInputError(
      await server.gql(RESET, { token, password: NEW_PASSWORD }),
      'token',
      ACCOUNT_MESSAGES.tokenInvalid,
    );
    expect((await signIn(await emailOf(user.id), user.password)).ok).toBe(true);
  });

  it('keeps no live link token in the outbox once the mail is sent', async () => {
    const user = await server.createUser();
    const reset = await resetToken(user);
    const change = await changeEmail(user.token, user.password, user.email, fresh('outbox'));
    for (const token of [reset, change.confirm, change.undo]) {
      await eventually(async () => {
        const rows = await server.sql(
          `SELECT status FROM notifications WHERE strpos(text_body, $1) > 0 OR strpos(html_body, $1) > 0`,
          [token],
        );
        return rows.length === 0 ? true : undefined;
      });
    }
    const sent = await server.sql(
      `SELECT text_body FROM notifications WHERE to_address = $1 AND kind = 'PASSWORD_RESET'`,
      [user.email],
    );
    expect(sent.map((r) => r.text_body)).toEqual([expect.stringContaining(`${PUBLIC_URL}/auth/reset?token=hidden`)]);
    // The links still work: only the stored copy lost its token.
    expect((await server.gql(RESET, { token: reset, password: NEW_PASSWORD })).data).toEqual({ resetPassword: true });
  });

  it("stops an ended session's access token at once for mutations and what was bought", async () => {
    const admin = await server.createUser({ admin: true });
    const user = await server.createUser();
    const laptop = await signIn(user.email, user.password);
    const phone = await signIn(user.email, user.password);
    if (!laptop.ok || !phone.ok) throw new Error('sign-in failed');
    const [product] = await server.sql(
      `INSERT INTO products (slug, name, category, description, price, fulfilment)
       VALUES ($1, 'Ended session keys', 'crypto_keys', 'Test keys', 10, 'KEYS') RETURNING id`,
      [`ended-session-${Date.now()}`],
    );
    const imported = await server.gql(
      `mutation ($p: ID!, $k: [String!]) { importProductKeys(productId: $p, keys: $k) { added } }`,
      { p: product.id, k: [`ENDED-${Date.now()}`] },
      { token: admin.token },
    );
    expect(imported.errors).toBeUndefined();
    const placed = await server.gql(
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { productId: product.id, quantity: 1, email: user.email, paymentMethod: 'ETH' } },
      { token: phone.token },
    );
    expect(placed.errors).toBeUndefined();
    const orderId = placed.data!.placeOrder.id as string;
    const paid = await server.gql(
      `mutation ($id: ID!) { setOrderStatus(orderId: $id, status: SUCCESS) { id } }`,
      { id: orderId },
      { token: admin.token },
    );
    expect(paid.errors).toBeUndefined();
    const ORDER_KEYS = `query ($id: ID!) { order(id: $id) { status keysFileUrl keys { value } } }`;
    await eventually(async () => {
      const order = (await server.gql(ORDER_KEYS, { id: orderId }, { token: phone.token })).data?.order;
      return order?.status === 'COMPLETED' && order.keys.length === 1;
    }, 5000);

    const [phoneSession] = (await server.gql(MY_SESSIONS, {}, { token: phone.token })).data!.mySessions.filter(
      (s: { current: boolean }) => s.current,
    );
    expect((await server.gql(REVOKE, { id: phoneSession.id }, { token: laptop.token })).data).toEqual({
      revokeSession: true,
    });
    const unauthenticated = (res: GqlResponse) =>
      expect(res.errors?.map((e) => [e.extensions?.code, e.message])).toContainEqual([
        'UNAUTHENTICATED',
        MESSAGES.sessionExpired,
      ]);
    const phoneReads = await server.gql(ORDER_KEYS, { id: orderId }, { token: phone.token });
    unauthenticated(phoneReads);
    expect(JSON.stringify(phoneReads.data ?? null)).not.toContain('ENDED-');
    unauthenticated(await server.gql(RESEND, {}, { token: phone.token }));
    // The laptop's session stands.
    expect((await server.gql(ORDER_KEYS, { id: orderId }, { token: laptop.token })).data?.order.keys).toHaveLength(1);
    expect((await server.gql(RESEND, {}, { token: laptop.token })).errors).toBeUndefined();

    // Signing out ends the session's access token too, in every process (the accounts event drops what was cached).
    const tablet = await signIn(user.email, user.password);
    if (!tablet.ok) throw new Error('sign-in failed');
    expect((await server.gql(RESEND, {}, { token: tablet.token })).errors).toBeUndefined();
    expect((await server.gql(`mutation { signOut }`, {}, { cookie: tablet.cookie })).data).toEqual({ signOut: true });
    await eventually(async () => {
      const res = await server.gql(RESEND, {}, { token: tablet.token });
      return res.errors?.[0].message === MESSAGES.sessionExpired;
    }, 5000);

    // A token minted without a session (graphql-ws sign-in) stops when every session is ended after it.
    expect((await server.gql(RESEND, {}, { token: user.token })).errors).toBeUndefined();
    await sleep(1000); // access tokens carry their minting time in whole seconds
    expect((await server.gql(EVERYWHERE, {}, { token: laptop.token })).data).toEqual({ signOutEverywhere: true });
    unauthenticated(await server.gql(RESEND, {}, { token: user.token }));
    unauthenticated(await server.gql(RESEND, {}, { token: laptop.token }));
  });

  it('stops the access token of a session that expires while its state is cached', async () => {
    const user = await server.createUser();
    const session = await signIn(user.email, user.password);
    if (!session.ok) throw new Error('sign-in failed');
    await server.sql(`UPDATE sessions SET expires_at = now() + interval '2 seconds' WHERE user_id = $1`, [user.id]);
    // Read (and cached) while the session stands…
    expect((await server.gql(RESEND, {}, { token: session.token })).errors).toBeUndefined();
    await sleep(2500);
    // …refused once it has expired, though nothing dropped the cache.
    expect((await server.gql(RESEND, {}, { token: session.token })).errors?.map((e) => e.message)).toEqual([
      MESSAGES.sessionExpired,
    ]);
  });

  it('throttles e-mail changes per account and holds the new address to the block rules', async () => {
    const admin = await server.createUser({ admin: true });
    const blocked = fresh('blocked');
    const rule = await server.gql(
      `mutation ($v: String!) { addBlockRule(kind: EMAIL, value: $v) { id } }`,
      { v: blocked },
      { token: admin.token },
    );
    expect(rule.errors).toBeUndefined();
    const user = await server.createUser();
    await eventually(async () => {
      const res = await server.gql(REQUEST_EMAIL_CHANGE, { e: blocked, p: user.password }, { token: user.token });
      return res.errors?.[0].extensions?.code === 'FORBIDDEN';
    });
    expect(inbox.to(blocked)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const res = await server.gql(REQUEST_EMAIL_CHANGE, { e: fresh('many'), p: user.password }, { token: user.token });
      expect(res.data).toEqual({ requestEmailChange: true });
    }
    const throttled = await server.gql(
      REQUEST_EMAIL_CHANGE,
      { e: fresh('many'), p: user.password },
      { token: user.token },
    );
    expect(throttled.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  });

  it('never leaves usable a graphql-ws sign-in (no session) that raced a reset with the old password', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await server.createUser();
      const token = await resetToken(user);
      const client = server.ws();
      // The socket open first, so both requests leave together.
      await subscribeOnce(client, { query: `{ __typename }` }).next();
      const [signed] = await Promise.all([
        subscribeOnce(client, {
          query: SIGN_IN,
          variables: { input: { email: user.email, password: user.password } },
        }).next(),
        server.gql(RESET, { token, password: NEW_PASSWORD }),
      ]);
      const access = signed.data?.signIn?.accessToken as string | undefined;
      if (access) {
        const res = await server.gql(RESEND, {}, { token: access });
        expect(res.errors?.map((e) => e.message)).toEqual([MESSAGES.sessionExpired]);
      } else {
        expect(signed.errors?.[0].message).toBe(MESSAGES.invalidCredentials);
      }
      await client.dispose();
    }
  });

  it('throttles link tokens per IP and refuses an overlong current password before hashing it', async () => {
    const user = await server.createUser();
    const token = await resetToken(user);
    await server.sql(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ('link:ip:127.0.0.1', now(), 100000)
       ON CONFLICT (key) DO UPDATE SET window_start = now(), hits = 100000`,
    );
    try {
      for (const res of [
        await server.gql(RESET, { token, password: NEW_PASSWORD }),
        await server.gql(VERIFY, { token }),
        await server.gql(CONFIRM_EMAIL_CHANGE, { token }),
      ]) {
        expect(res.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
      }
    } finally {
      await server.sql(`DELETE FROM rate_limits WHERE key = 'link:ip:127.0.0.1'`);
    }
    expect((await signIn(user.email, user.password)).ok).toBe(true);
    const long = 'A1' + 'a'.repeat(100);
    expectInputError(
      await server.gql(CHANGE_PASSWORD, { c: long, n: NEW_PASSWORD }, { token: user.token }),
      'currentPassword',
      MESSAGES.passwordMax,
    );
    expectInputError(
      await server.gql(REQUEST_EMAIL_CHANGE, { e: fresh('x'), p: long }, { token: user.token }),
      'password',
      MESSAGES.passwordMax,
    );
  });
});
