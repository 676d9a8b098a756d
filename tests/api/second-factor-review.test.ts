/**
 * The hostile review of passkeys and second factors (issue 30, /docs/decisions.md "Adding the first factor"): a
 * stolen session cannot plant a factor (the first one needs a recent password check), every factor added is mailed
 * (a real SMTP inbox), support can clear a locked-out owner's factors; credential ids and transports that are not
 * WebAuthn's are refused or dropped, not a 500; the log keeps no challenge; anonymous answers naming someone's
 * passkey do not use up their attempts; a staff member's TOTP changes are audited and a new passkey's entry names it;
 * a step-up challenge is answered by the session that asked for it only.
 */
import { PASSKEY_MESSAGES } from '../../common/passkeys';
import {
  SECOND_FACTOR_REASONS,
  SECOND_FACTOR_RESET_MESSAGES,
  STEP_UP_METHODS,
  TWO_FACTOR_MESSAGES,
} from '../../common/two-factor';
import { MESSAGES } from '../../common/validation';
import { totpCode } from '../../server/src/accounts/totp';
import { setLogDestination, setLogLevel } from '../../server/src/core/logger';
import { eventually } from '../support/eventually';
import { Inbox } from '../support/inbox';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

const PUBLIC_URL = 'https://shop.example.test';
const inbox = new Inbox();
let server: TestServer;
beforeAll(async () => {
  await inbox.start();
  server = await startTestServer({
    env: { LOG_LEVEL: 'error', PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${inbox.port}` },
  });
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

const errorOf = (res: GqlResponse) => ({
  code: res.errors?.[0]?.extensions?.code,
  message: res.errors?.[0]?.message,
});
const SIGN_IN = `mutation ($email: String!, $password: String!) {
  signIn(input: { email: $email, password: $password }) { accessToken secondFactorRequired challenge passkeyOptions }
}`;
const ADD = `mutation ($name: String!, $response: String!) { addPasskey(name: $name, response: $response) { id } }`;
const BEGIN_TOTP = `mutation { beginTotpEnrolment { secret } }`;
const CONFIRM_TOTP = `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`;
const CONFIRM_PASSWORD = `mutation ($password: String!) { confirmPassword(password: $password) }`;
const PASSWORDLESS = `mutation ($response: String!) { signInWithPasskey(response: $response) { accessToken } }`;
const RESET = `mutation ($userId: ID!) { resetSecondFactors(userId: $userId) }`;

/** A password sign-in over HTTP (a session): its access token. */
async function sessionOf(user: TestUser): Promise<string> {
  const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
  expect(res.errors).toBeUndefined();
  expect(res.data!.signIn.secondFactorRequired).toBe(false);
  return res.data!.signIn.accessToken;
}

/** Makes every check of the account's sessions older than the step-up's 10 minutes. */
const ageChecks = (userId: string) =>
  server.sql(`UPDATE second_factor_checks SET checked_at = now() - interval '11 minutes' WHERE user_id = $1`, [userId]);

async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'MacBook') {
  const begun = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
  expect(begun.errors).toBeUndefined();
  return server.gql(ADD, { name, response: authenticator.register(begun.data!.beginPasskeyRegistration) }, { token });
}

async function withPasskey(options: Parameters<TestServer['createUser']>[0] = {}) {
  const user = await server.createUser(options);
  const authenticator = new SoftAuthenticator(PUBLIC_URL);
  const token = await sessionOf(user);
  const added = await addPasskey(token, authenticator);
  expect(added.errors).toBeUndefined();
  return { user, authenticator, token, passkeyId: added.data!.addPasskey.id as string };
}

async function withTotp(options: Parameters<TestServer['createUser']>[0] = {}) {
  const user = await server.createUser(options);
  const token = await sessionOf(user);
  const begun = await server.gql(BEGIN_TOTP, {}, { token });
  expect(begun.errors).toBeUndefined();
  const secret: string = begun.data!.beginTotpEnrolment.secret;
  const confirmed = await server.gql(CONFIRM_TOTP, { code: totpCode(secret) }, { token });
  expect(confirmed.errors).toBeUndefined();
  return { user, token, secret };
}

const passwordlessOptions = async () => (await server.gql(`mutation { beginPasskeySignIn }`)).data!.beginPasskeySignIn;

function expectPasswordCheckAsked(res: GqlResponse) {
  expect(res.errors?.[0]).toMatchObject({
    message: TWO_FACTOR_MESSAGES.passwordCheckRequired,
    extensions: { code: 'FORBIDDEN', reason: SECOND_FACTOR_REASONS.stepUpRequired, method: STEP_UP_METHODS.password },
  });
}

describe('adding the first factor', () => {
  it('needs no more right after a password sign-in', async () => {
    const user = await server.createUser();
    const token = await sessionOf(user);
    expect((await server.gql(BEGIN_TOTP, {}, { token })).errors).toBeUndefined();
    expect((await addPasskey(token, new SoftAuthenticator(PUBLIC_URL))).errors).toBeUndefined();
  });

  it('refuses a stale session, or a token without one, until the password is confirmed', async () => {
    const user = await server.createUser();
    const token = await sessionOf(user);
    // Begun while fresh, finished when stale: each step is asked.
    const begun = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
    const totp = await server.gql(BEGIN_TOTP, {}, { token });
    await ageChecks(user.id);
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    expectPasswordCheckAsked(
      await server.gql(
        ADD,
        { name: 'Thief', response: authenticator.register(begun.data!.beginPasskeyRegistration) },
        { token },
      ),
    );
    expectPasswordCheckAsked(
      await server.gql(CONFIRM_TOTP, { code: totpCode(totp.data!.beginTotpEnrolment.secret) }, { token }),
    );
    expectPasswordCheckAsked(await server.gql(BEGIN_TOTP, {}, { token }));
    expectPasswordCheckAsked(await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token }));
    // A token without a session (graphql-ws, or minted elsewhere) cannot be checked at all.
    expectPasswordCheckAsked(await server.gql(BEGIN_TOTP, {}, { token: user.token }));
    expect(await server.sql(`SELECT 1 FROM passkeys WHERE user_id = $1`, [user.id])).toHaveLength(0);
    expect(
      await server.sql(`SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL`, [user.id]),
    ).toHaveLength(0);

    // A wrong password gets the sign-in's message, on the field; the right one checks this session.
    const wrong = await server.gql(CONFIRM_PASSWORD, { password: 'NotThePassw0rd' }, { token });
    expect(wrong.errors?.[0]).toMatchObject({
      message: MESSAGES.invalidCredentials,
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'password', message: MESSAGES.invalidCredentials }],
      },
    });
    expect((await server.gql(CONFIRM_PASSWORD, { password: user.password }, { token })).data).toEqual({
      confirmPassword: true,
    });
    expect((await addPasskey(token, authenticator)).errors).toBeUndefined();
  });

  it('throttles confirmPassword with the sign-ins', async () => {
    const limited = await startTestServer({ env: { PUBLIC_URL, AUTH_RATE_LIMIT: '3', LOG_LEVEL: 'error' } });
    try {
      const user = await limited.createUser();
      const signIn = await limited.gql(SIGN_IN, { email: user.email, password: user.password });
      const token = signIn.data!.signIn.accessToken;
      // One sign-in counted already: two more attempts are allowed, the next is refused before the password.
      for (let i = 0; i < 2; i++)
        expect(errorOf(await limited.gql(CONFIRM_PASSWORD, { password: 'Wr0ngOne!' }, { token })).code).toBe(
          'BAD_USER_INPUT',
        );
      expect(errorOf(await limited.gql(CONFIRM_PASSWORD, { password: user.password }, { token })).code).toBe(
        'RATE_LIMITED',
      );
    } finally {
      await limited.close();
    }
  });

  it('still asks an account with a factor for the factor, and a password checked before it was added does not pass', async () => {
    const user = await server.createUser();
    const other = await sessionOf(user); // another device, checked by its password sign-in
    const token = await sessionOf(user);
    const added = await addPasskey(token, new SoftAuthenticator(PUBLIC_URL));
    expect(added.errors).toBeUndefined();
    const stepUp = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token: other });
    expect(stepUp.errors?.[0]).toMatchObject({
      message: TWO_FACTOR_MESSAGES.stepUpRequired,
      extensions: {
        code: 'FORBIDDEN',
        reason: SECOND_FACTOR_REASONS.stepUpRequired,
        method: STEP_UP_METHODS.secondFactor,
      },
    });
    expect(errorOf(await server.gql(CONFIRM_PASSWORD, { password: user.password }, { token: other }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: TWO_FACTOR_MESSAGES.confirmWithFactor,
    });
    expect(
      errorOf(await server.gql(`mutation { removePasskey(id: "${added.data!.addPasskey.id}") }`, {}, { token: other }))
        .code,
    ).toBe('FORBIDDEN');
  });
});

describe('the mail of a factor added', () => {
  it('tells the account what was added, when and from where, and what to do if it was not them', async () => {
    const user = await server.createUser();
    const signIn = await server.gql(
      SIGN_IN,
      { email: user.email, password: user.password },
      { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' } },
    );
    const token = signIn.data!.signIn.accessToken;
    expect((await addPasskey(token, new SoftAuthenticator(PUBLIC_URL), 'Work laptop')).errors).toBeUndefined();
    const mail = await inbox.waitFor(user.email, /A sign-in method was added/);
    expect(mail.text).toContain('A passkey named "Work laptop"');
    expect(mail.text).toContain('Chrome on Windows');
    expect(mail.text).toMatch(/network 127\.0\.0\.0\/24/);
    expect(mail.text).toMatch(/\d{4}, \d\d:\d\d (AM|PM) UTC/);
    expect(mail.text).toContain(`reset your password at ${PUBLIC_URL}/auth`);

    const totp = await withTotp();
    const totpMail = await inbox.waitFor(totp.user.email, /A sign-in method was added/);
    expect(totpMail.text).toContain('An authenticator app');
  });
});

describe('resetSecondFactors (support)', () => {
  it("clears a locked-out customer's factors, ends their sessions and mails them; the planted passkey signs in no more", async () => {
    const { user, authenticator, token } = await withPasskey();
    await inbox.waitFor(user.email, /A sign-in method was added/);
    const support = await server.createUser({ staffRole: 'SUPPORT' });
    expect((await server.gql(RESET, { userId: user.id }, { token: support.token })).data).toEqual({
      resetSecondFactors: true,
    });
    expect(await server.sql(`SELECT 1 FROM passkeys WHERE user_id = $1`, [user.id])).toHaveLength(0);
    // Their session is over (a mutation is refused), the passkey signs in no more, and the password alone does.
    await eventually(
      async () =>
        errorOf(await server.gql(CONFIRM_PASSWORD, { password: user.password }, { token })).code === 'UNAUTHENTICATED',
      5000,
      'the ended session refused',
    );
    const options = await passwordlessOptions();
    expect(errorOf(await server.gql(PASSWORDLESS, { response: authenticator.assert(options) })).code).toBe(
      'UNAUTHENTICATED',
    );
    await sessionOf(user);
    const mail = await inbox.waitFor(user.email, /Two-factor sign-in was turned off/);
    expect(mail.text).toContain('signed every device out');
    const [entry] = await server.sql(
      `SELECT actor_id, target_id FROM audit_log WHERE action = 'resetSecondFactors' AND target_id = $1`,
      [user.id],
    );
    expect(entry).toEqual({ actor_id: support.id, target_id: user.id });
  });

  it("needs STAFF for a staff member's factors, refuses one's own, and says which customer is unknown", async () => {
    const { user: staff } = await withTotp({ staffRole: 'FULFILMENT' });
    const support = await server.createUser({ staffRole: 'SUPPORT' });
    expect(errorOf(await server.gql(RESET, { userId: staff.id }, { token: support.token })).code).toBe('FORBIDDEN');
    expect(await server.sql(`SELECT 1 FROM totp_factors WHERE user_id = $1`, [staff.id])).toHaveLength(1);
    const owner = await server.createUser({ staffRole: 'OWNER' });
    expect((await server.gql(RESET, { userId: staff.id }, { token: owner.token })).errors).toBeUndefined();
    expect(await server.sql(`SELECT 1 FROM totp_factors WHERE user_id = $1`, [staff.id])).toHaveLength(0);
    expect(errorOf(await server.gql(RESET, { userId: owner.id }, { token: owner.token }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: SECOND_FACTOR_RESET_MESSAGES.notYourself,
    });
    expect(
      errorOf(await server.gql(RESET, { userId: '00000000-0000-4000-8000-000000000000' }, { token: owner.token })).code,
    ).toBe('NOT_FOUND');
  });

  it('asks a staff member who has a factor for a recent check first', async () => {
    const { user: owner, token } = await withTotp({ staffRole: 'OWNER' });
    const customer = await server.createUser();
    await ageChecks(owner.id);
    const res = await server.gql(RESET, { userId: customer.id }, { token });
    expect(res.errors?.[0].extensions).toMatchObject({ reason: SECOND_FACTOR_REASONS.stepUpRequired });
  });
});

describe('credential ids and transports that are not WebAuthn', () => {
  /** An assertion of `authenticator` with its id (and rawId) replaced. */
  const withId = (json: string, id: string) => JSON.stringify({ ...JSON.parse(json), id, rawId: id });

  it('refuses a NUL, junk or an overlong id as input, before any query, in every assertion', async () => {
    const { user, authenticator, token } = await withPasskey();
    for (const id of ['ab\u0000cd', 'not base64url!', 'a'.repeat(1367)]) {
      const signIn = await server.gql(PASSWORDLESS, {
        response: withId(authenticator.assert(await passwordlessOptions()), id),
      });
      expect(errorOf(signIn)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.malformed });

      const stepUp = (await server.gql(`mutation { beginPasskeyConfirmation }`, {}, { token })).data!
        .beginPasskeyConfirmation;
      const confirm = await server.gql(
        `mutation ($response: String!) { confirmSecondFactorWithPasskey(response: $response) }`,
        { response: withId(authenticator.assert(stepUp), id) },
        { token },
      );
      expect(errorOf(confirm)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.malformed });

      const challenged = await server.gql(SIGN_IN, { email: user.email, password: user.password });
      const { challenge, passkeyOptions } = challenged.data!.signIn;
      const complete = await server.gql(
        `mutation ($challenge: String!, $response: String!) { completeSignInWithPasskey(challenge: $challenge, response: $response) { accessToken } }`,
        { challenge, response: withId(authenticator.assert(passkeyOptions), id) },
      );
      expect(errorOf(complete)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.malformed });
    }
    // A rawId that is not the id is no browser's answer either.
    const mixed = JSON.stringify({ ...JSON.parse(authenticator.assert(await passwordlessOptions())), rawId: 'AAAA' });
    expect(errorOf(await server.gql(PASSWORDLESS, { response: mixed })).code).toBe('BAD_USER_INPUT');
    // The passkey itself still signs in.
    expect(
      (await server.gql(PASSWORDLESS, { response: authenticator.assert(await passwordlessOptions()) })).errors,
    ).toBeUndefined();
  });

  it('keeps only the transports WebAuthn defines, each once, and hands only those to a browser', async () => {
    const user = await server.createUser();
    const token = await sessionOf(user);
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    const begun = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
    const answer = JSON.parse(authenticator.register(begun.data!.beginPasskeyRegistration));
    answer.response.transports = ['usb\u0000', { x: 1 }, 5, 'x'.repeat(30000), 'usb', 'hybrid', 'usb', 'internal'];
    const added = await server.gql(ADD, { name: 'Key', response: JSON.stringify(answer) }, { token });
    expect(added.errors).toBeUndefined();
    const [row] = await server.sql(`SELECT transports FROM passkeys WHERE user_id = $1`, [user.id]);
    expect(row.transports).toEqual(['usb', 'hybrid', 'internal']);
    const again = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
    expect(JSON.parse(again.data!.beginPasskeyRegistration).excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id, transports: ['usb', 'hybrid', 'internal'] }),
    ]);
  });
});

describe('the log of a refused passkey', () => {
  it('gives a fixed reason and never the live sign-in challenge', async () => {
    const { user, authenticator } = await withPasskey();
    const challenged = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    const { challenge, passkeyOptions } = challenged.data!.signIn;
    const lines: string[] = [];
    setLogLevel('warn'); // the level is one for the process: another test's server may have set its own
    const restore = setLogDestination({ write: (line: string) => void lines.push(line) });
    try {
      // Signed over another challenge: @simplewebauthn's message quotes the one it expected, the live sign-in's.
      const answer = authenticator.assert(passkeyOptions, { challenge: 'b3RoZXItY2hhbGxlbmdl' });
      const res = await server.gql(
        `mutation ($challenge: String!, $response: String!) { completeSignInWithPasskey(challenge: $challenge, response: $response) { accessToken } }`,
        { challenge, response: answer },
      );
      expect(errorOf(res)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.notAccepted });
    } finally {
      setLogDestination(restore);
      setLogLevel('error');
    }
    const refused = lines.filter((line) => line.includes('A passkey was refused'));
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]).reason).toBe('challenge mismatch');
    for (const line of lines) expect(line).not.toContain(challenge);
  });
});

describe('anonymous answers naming a passkey', () => {
  it("do not use up its owner's attempts at codes, passkeys and step-ups", async () => {
    const { user, secret, token } = await withTotp();
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    expect((await addPasskey(token, authenticator)).errors).toBeUndefined();
    const attempts = () => server.sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`2fa:account:${user.id}`]);
    const [before] = await attempts();
    // A thief who saw the credential id answers with a key of their own, more often than the account's 10 attempts.
    const thief = new SoftAuthenticator(PUBLIC_URL);
    for (let i = 0; i < 12; i++) {
      const forged = JSON.parse(thief.assert(await passwordlessOptions()));
      forged.id = forged.rawId = authenticator.id;
      forged.response.userHandle = authenticator.userHandle;
      expect(errorOf(await server.gql(PASSWORDLESS, { response: JSON.stringify(forged) })).code).toBe(
        'UNAUTHENTICATED',
      );
    }
    // The owner's own passkey, and a code for the step-up, still work.
    expect(
      (await server.gql(PASSWORDLESS, { response: authenticator.assert(await passwordlessOptions()) })).errors,
    ).toBeUndefined();
    const confirm = await server.gql(
      `mutation ($code: String!) { confirmSecondFactor(code: $code) }`,
      { code: totpCode(secret, Math.floor(Date.now() / 1000) + 30) },
      { token },
    );
    expect(confirm.errors).toBeUndefined();
    // The step-up's code is the only attempt counted since.
    expect(await attempts()).toEqual([{ hits: before.hits + 1 }]);
  });
});

describe('the audit log of a staff member', () => {
  it('records TOTP switched on and off, and names the passkey added', async () => {
    const { user, token, secret } = await withTotp({ staffRole: 'SUPPORT' });
    const passkey = await addPasskey(token, new SoftAuthenticator(PUBLIC_URL));
    const passkeyId = passkey.data!.addPasskey.id;
    const off = await server.gql(
      `mutation ($password: String!, $code: String!) { disableTotp(password: $password, code: $code) }`,
      { password: user.password, code: totpCode(secret, Math.floor(Date.now() / 1000) + 30) },
      { token },
    );
    expect(off.errors).toBeUndefined();
    const rows = await server.sql(
      `SELECT action, target_id, change::text AS change FROM audit_log WHERE actor_id = $1 ORDER BY created_at`,
      [user.id],
    );
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['confirmTotpEnrolment', null],
      ['addPasskey', passkeyId],
      ['disableTotp', null],
    ]);
    for (const row of rows) expect(row.change).not.toContain(user.password);
  });
});

describe('a step-up challenge', () => {
  it('is answered by the session that asked for it only', async () => {
    const { user, authenticator, token: a } = await withPasskey();
    const challenged = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    const b = (
      await server.gql(
        `mutation ($challenge: String!, $response: String!) { completeSignInWithPasskey(challenge: $challenge, response: $response) { accessToken } }`,
        {
          challenge: challenged.data!.signIn.challenge,
          response: authenticator.assert(challenged.data!.signIn.passkeyOptions),
        },
      )
    ).data!.completeSignInWithPasskey.accessToken;
    await ageChecks(user.id);
    const options = (await server.gql(`mutation { beginPasskeyConfirmation }`, {}, { token: a })).data!
      .beginPasskeyConfirmation;
    const CONFIRM = `mutation ($response: String!) { confirmSecondFactorWithPasskey(response: $response) }`;
    expect(errorOf(await server.gql(CONFIRM, { response: authenticator.assert(options) }, { token: b }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: PASSKEY_MESSAGES.challengeInvalid,
    });
    expect(
      await server.sql(
        `SELECT 1 FROM second_factor_checks WHERE user_id = $1 AND checked_at > now() - interval '5 minutes'`,
        [user.id],
      ),
    ).toHaveLength(0);
  });
});
