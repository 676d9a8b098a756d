/**
 * Passkeys (docs/staff-and-permissions.md "Passkeys"): real WebAuthn registrations and assertions from a software
 * authenticator (tests/support/soft-authenticator.ts), checked by the server with @simplewebauthn. Adding, listing and
 * removing; the passkey as the second factor after a password, alone (passwordless) and for the step-up; the
 * refusals (wrong, reused and expired challenge, a counter that went back, a removed passkey, no user verification);
 * REQUIRE_STAFF_2FA (on here) satisfied by a passkey; the audit log of a staff member's passkeys.
 */
import { createHash } from 'node:crypto';
import { PASSKEY_MESSAGES } from '../../common/passkeys';
import { SECOND_FACTOR_REASONS, TWO_FACTOR_MESSAGES } from '../../common/two-factor';
import { totpCode } from '../../server/src/accounts/totp';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

const PUBLIC_URL = 'https://shop.example.test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'error', REQUIRE_STAFF_2FA: 'true', PUBLIC_URL } });
});
afterAll(() => server.close());

const errorOf = (res: GqlResponse) => ({ code: res.errors?.[0]?.extensions?.code, message: res.errors?.[0]?.message });
const PAYLOAD = 'accessToken secondFactorRequired challenge passkeyOptions codeAccepted viewer { email }';
const SIGN_IN = `mutation ($email: String!, $password: String!) {
  signIn(input: { email: $email, password: $password }) { ${PAYLOAD} }
}`;
const COMPLETE = `mutation ($challenge: String!, $response: String!) {
  completeSignInWithPasskey(challenge: $challenge, response: $response) { ${PAYLOAD} }
}`;
const PASSWORDLESS = `mutation ($response: String!) { signInWithPasskey(response: $response) { ${PAYLOAD} } }`;
const ADD = `mutation ($name: String!, $response: String!) { addPasskey(name: $name, response: $response) { id name createdAt lastUsedAt } }`;

/** Signs in over HTTP (a session, so the step-up can stamp it) and answers the access token. */
async function sessionOf(user: TestUser): Promise<string> {
  const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
  expect(res.errors).toBeUndefined();
  return res.data!.signIn.accessToken;
}

async function addPasskey(token: string, authenticator: SoftAuthenticator, name = 'MacBook') {
  const begun = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
  expect(begun.errors).toBeUndefined();
  return server.gql(ADD, { name, response: authenticator.register(begun.data!.beginPasskeyRegistration) }, { token });
}

/** A user with one passkey added through the API. */
async function withPasskey(options: Parameters<TestServer['createUser']>[0] = {}) {
  const user = await server.createUser(options);
  const authenticator = new SoftAuthenticator(PUBLIC_URL);
  const session = await sessionOf(user);
  const added = await addPasskey(session, authenticator);
  expect(added.errors).toBeUndefined();
  return { user, authenticator, session, passkeyId: added.data!.addPasskey.id as string };
}

async function passwordlessOptions(): Promise<string> {
  const res = await server.gql(`mutation { beginPasskeySignIn }`);
  expect(res.errors).toBeUndefined();
  return res.data!.beginPasskeySignIn;
}

describe('adding passkeys', () => {
  it('adds a named passkey for PUBLIC_URL, lists it, and refuses the same authenticator twice', async () => {
    const user = await server.createUser({ fullName: 'Ada Lovelace' });
    const token = await sessionOf(user);
    const begun = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
    const options = JSON.parse(begun.data!.beginPasskeyRegistration);
    expect(options.rp).toMatchObject({ id: 'shop.example.test' });
    expect(options.user).toMatchObject({ name: user.email, displayName: 'Ada Lovelace' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    const added = await server.gql(
      ADD,
      { name: '  MacBook  ', response: authenticator.register(begun.data!.beginPasskeyRegistration) },
      { token },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data!.addPasskey).toMatchObject({ name: 'MacBook', lastUsedAt: null });
    const [row] = await server.sql(`SELECT credential_id, counter, transports FROM passkeys WHERE user_id = $1`, [
      user.id,
    ]);
    expect(row).toEqual({ credential_id: authenticator.id, counter: '1', transports: ['internal'] });
    const me = await server.gql(`{ me { passkeys { id name } } }`, {}, { token });
    expect(me.data!.me.passkeys).toEqual([{ id: added.data!.addPasskey.id, name: 'MacBook' }]);

    // The same authenticator again: the options exclude it, and a forced answer is refused.
    const again = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
    expect(JSON.parse(again.data!.beginPasskeyRegistration).excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id }),
    ]);
    const twice = await server.gql(
      ADD,
      { name: 'Again', response: authenticator.register(again.data!.beginPasskeyRegistration) },
      { token },
    );
    expect(errorOf(twice)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.alreadyAdded });
  });

  it('refuses a bad name, a made-up answer, another origin, a reused challenge and no user verification', async () => {
    const user = await server.createUser();
    const token = await sessionOf(user);
    const begin = async () =>
      (await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token })).data!.beginPasskeyRegistration;

    const unnamed = await server.gql(
      ADD,
      { name: '   ', response: new SoftAuthenticator(PUBLIC_URL).register(await begin()) },
      { token },
    );
    expect(errorOf(unnamed)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.nameRequired });
    expect(unnamed.errors![0].extensions!.fieldErrors).toEqual([
      { field: 'name', message: PASSKEY_MESSAGES.nameRequired },
    ]);
    const long = await server.gql(ADD, { name: 'x'.repeat(61), response: '{}' }, { token });
    expect(errorOf(long).message).toBe(PASSKEY_MESSAGES.nameTooLong);
    const nul = await server.gql(ADD, { name: 'Mac\u0000Book', response: '{}' }, { token });
    expect(errorOf(nul).message).toBe(PASSKEY_MESSAGES.nameInvalid);
    const garbage = await server.gql(ADD, { name: 'Key', response: 'not json' }, { token });
    expect(garbage.errors![0].extensions!.fieldErrors).toEqual([
      { field: 'response', message: PASSKEY_MESSAGES.notAccepted },
    ]);

    const elsewhere = new SoftAuthenticator('https://evil.example');
    expect(
      errorOf(await server.gql(ADD, { name: 'Key', response: elsewhere.register(await begin()) }, { token })),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: PASSKEY_MESSAGES.notAccepted,
    });
    // The challenge was used by that refused attempt: a right answer over it is refused too.
    const options = await begin();
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    const noUv = await server.gql(
      ADD,
      { name: 'Key', response: authenticator.register(options, { userVerified: false }) },
      { token },
    );
    expect(errorOf(noUv).message).toBe(PASSKEY_MESSAGES.notAccepted);
    const reused = await server.gql(ADD, { name: 'Key', response: authenticator.register(options) }, { token });
    expect(errorOf(reused)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.challengeInvalid });
    expect(await server.sql(`SELECT 1 FROM passkeys WHERE user_id = $1`, [user.id])).toEqual([]);
  });
});

describe('a passkey as the second factor', () => {
  it('makes sign-in ask for it, and completes with an assertion over the sign-in challenge', async () => {
    const { user, authenticator } = await withPasskey();
    const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    // A passkey is the account's only factor: no code would be taken.
    expect(res.data!.signIn).toMatchObject({
      secondFactorRequired: true,
      accessToken: '',
      viewer: null,
      codeAccepted: false,
    });
    const { challenge, passkeyOptions } = res.data!.signIn;
    const options = JSON.parse(passkeyOptions);
    expect(options.challenge).toBe(challenge);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);

    // Signed over another challenge: refused as a wrong code is, and the challenge stays for a right one.
    const wrong = await server.gql(COMPLETE, {
      challenge,
      response: authenticator.assert(passkeyOptions, { challenge: 'x'.repeat(43) }),
    });
    expect(errorOf(wrong)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.notAccepted });
    const done = await server.gql(COMPLETE, { challenge, response: authenticator.assert(passkeyOptions) });
    expect(done.errors).toBeUndefined();
    expect(done.data!.completeSignInWithPasskey).toMatchObject({
      secondFactorRequired: false,
      viewer: { email: user.email },
    });
    expect(done.headers.get('set-cookie')).toContain('store_refresh=');
    const me = await server.gql(
      `{ me { passkeys { lastUsedAt } } }`,
      {},
      { token: done.data!.completeSignInWithPasskey.accessToken },
    );
    expect(me.data!.me.passkeys[0].lastUsedAt).not.toBeNull();

    // Used: the same answer again is refused by the spent challenge.
    expect(errorOf(await server.gql(COMPLETE, { challenge, response: authenticator.assert(passkeyOptions) }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: TWO_FACTOR_MESSAGES.challengeUsed,
    });
  });

  it('offers both ways to an account with TOTP and a passkey; TOTP enrolment then asks for a recent check', async () => {
    const { user, authenticator } = await withPasskey();
    // Enrolling TOTP once a passkey is there asks for a recent check, which a token without a session cannot have.
    const refused = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token: user.token });
    expect(refused.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.stepUpRequired);
    // Signed in by passkey, the session is checked: TOTP can be added.
    const passwordless = await server.gql(PASSWORDLESS, {
      response: authenticator.assert(await passwordlessOptions()),
    });
    const token = passwordless.data!.signInWithPasskey.accessToken;
    const begun = await server.gql(`mutation { beginTotpEnrolment { secret } }`, {}, { token });
    expect(begun.errors).toBeUndefined();
    const confirmed = await server.gql(
      `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`,
      { code: totpCode(begun.data!.beginTotpEnrolment.secret) },
      { token },
    );
    expect(confirmed.errors).toBeUndefined();

    const res = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    expect(res.data!.signIn).toMatchObject({ secondFactorRequired: true, codeAccepted: true });
    expect(JSON.parse(res.data!.signIn.passkeyOptions).allowCredentials).toHaveLength(1);
  });

  it("refuses another account's passkey and a cloned authenticator (counter gone back)", async () => {
    const { user, authenticator } = await withPasskey();
    const other = await withPasskey();
    const first = (await server.gql(SIGN_IN, { email: user.email, password: user.password })).data!.signIn;
    const foreign = await server.gql(COMPLETE, {
      challenge: first.challenge,
      response: other.authenticator.assert(first.passkeyOptions, { challenge: first.challenge }),
    });
    expect(errorOf(foreign).message).toBe(PASSKEY_MESSAGES.notAccepted);

    const good = await server.gql(COMPLETE, {
      challenge: first.challenge,
      response: authenticator.assert(first.passkeyOptions),
    });
    expect(good.errors).toBeUndefined();
    authenticator.counter -= 2; // a copy of the key that signed less often than the original
    const second = (await server.gql(SIGN_IN, { email: user.email, password: user.password })).data!.signIn;
    const cloned = await server.gql(COMPLETE, {
      challenge: second.challenge,
      response: authenticator.assert(second.passkeyOptions),
    });
    expect(errorOf(cloned)).toEqual({ code: 'BAD_USER_INPUT', message: PASSKEY_MESSAGES.notAccepted });
  });

  it('satisfies REQUIRE_STAFF_2FA, and the step-up can be confirmed with it', async () => {
    const owner = await server.createUser({ staffRole: 'OWNER' });
    const setup = await server.gql(`{ me { secondFactorSetupRequired } }`, {}, { token: owner.token });
    expect(setup.data!.me.secondFactorSetupRequired).toBe(true);
    const authenticator = new SoftAuthenticator(PUBLIC_URL);
    // A staff member without a factor may add a passkey (it is enrolment) with the password's session.
    const added = await addPasskey(await sessionOf(owner), authenticator, 'YubiKey');
    expect(added.errors).toBeUndefined();
    expect((await server.gql(`{ me { secondFactorSetupRequired } }`, {}, { token: owner.token })).data!.me).toEqual({
      secondFactorSetupRequired: false,
    });
    expect((await server.gql(`{ staff { id } }`, {}, { token: owner.token })).errors).toBeUndefined();

    const signIn = (await server.gql(SIGN_IN, { email: owner.email, password: owner.password })).data!.signIn;
    const done = await server.gql(COMPLETE, {
      challenge: signIn.challenge,
      response: authenticator.assert(signIn.passkeyOptions),
    });
    const token = done.data!.completeSignInWithPasskey.accessToken;
    const invite = (n: number) =>
      server.gql(
        `mutation ($email: String!) { inviteStaff(email: $email, role: SUPPORT) { id } }`,
        { email: `passkey-step-up-${n}-${owner.id.slice(0, 8)}@example.com` },
        { token },
      );
    expect((await invite(1)).errors).toBeUndefined();
    await server.sql(`UPDATE second_factor_checks SET checked_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      owner.id,
    ]);
    const stale = await invite(2);
    expect(stale.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.stepUpRequired);

    const options = (await server.gql(`mutation { beginPasskeyConfirmation }`, {}, { token })).data!
      .beginPasskeyConfirmation;
    expect(JSON.parse(options).allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const CONFIRM = `mutation ($response: String!) { confirmSecondFactorWithPasskey(response: $response) }`;
    const response = authenticator.assert(options);
    expect((await server.gql(CONFIRM, { response }, { token })).errors).toBeUndefined();
    expect((await invite(3)).errors).toBeUndefined();
    // The step-up's challenge is single use.
    expect(errorOf(await server.gql(CONFIRM, { response }, { token }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: PASSKEY_MESSAGES.challengeInvalid,
    });
  });
});

describe('signing in with a passkey alone', () => {
  it('names no account, requires user verification, and answers a session that counts as the second factor', async () => {
    const { user, authenticator } = await withPasskey({ staffRole: 'OWNER' });
    const options = await passwordlessOptions();
    const parsed = JSON.parse(options);
    expect(parsed.rpId).toBe('shop.example.test');
    expect(parsed.userVerification).toBe('required');
    expect(parsed.allowCredentials ?? []).toEqual([]);

    expect(
      errorOf(await server.gql(PASSWORDLESS, { response: authenticator.assert(options, { userVerified: false }) })),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: PASSKEY_MESSAGES.notAccepted,
    });
    const fresh = await passwordlessOptions();
    const done = await server.gql(PASSWORDLESS, { response: authenticator.assert(fresh) });
    expect(done.errors).toBeUndefined();
    expect(done.data!.signInWithPasskey).toMatchObject({ secondFactorRequired: false, viewer: { email: user.email } });
    expect(done.headers.get('set-cookie')).toContain('store_refresh=');
    // A staff member signed in by passkey alone has proven the second factor: a sensitive action goes through.
    const token = done.data!.signInWithPasskey.accessToken;
    const invited = await server.gql(
      `mutation ($email: String!) { inviteStaff(email: $email, role: SUPPORT) { id } }`,
      { email: `passwordless-${user.id.slice(0, 8)}@example.com` },
      { token },
    );
    expect(invited.errors).toBeUndefined();
  });

  it('refuses a wrong, reused or expired challenge with one message, and an unknown or removed passkey with another', async () => {
    const { user, authenticator, session, passkeyId } = await withPasskey();
    const made_up = await server.gql(PASSWORDLESS, {
      response: authenticator.assert(await passwordlessOptions(), { challenge: 'y'.repeat(43) }),
    });
    expect(errorOf(made_up)).toEqual({ code: 'UNAUTHENTICATED', message: PASSKEY_MESSAGES.challengeInvalid });

    const options = await passwordlessOptions();
    const response = authenticator.assert(options);
    expect((await server.gql(PASSWORDLESS, { response })).errors).toBeUndefined();
    expect(errorOf(await server.gql(PASSWORDLESS, { response }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: PASSKEY_MESSAGES.challengeInvalid,
    });

    const expiring = await passwordlessOptions();
    const hash = createHash('sha256').update(JSON.parse(expiring).challenge).digest('hex');
    await server.sql(
      `UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE challenge_hash = $1`,
      [hash],
    );
    expect(errorOf(await server.gql(PASSWORDLESS, { response: authenticator.assert(expiring) }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: PASSKEY_MESSAGES.challengeInvalid,
    });
    // A step-up's challenge does not sign anyone in.
    const stepUp = await server.gql(`mutation { beginPasskeyConfirmation }`, {}, { token: session });
    expect(
      errorOf(
        await server.gql(PASSWORDLESS, { response: authenticator.assert(stepUp.data!.beginPasskeyConfirmation) }),
      ),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: PASSKEY_MESSAGES.challengeInvalid,
    });

    const stranger = new SoftAuthenticator(PUBLIC_URL);
    stranger.userHandle = authenticator.userHandle;
    expect(errorOf(await server.gql(PASSWORDLESS, { response: stranger.assert(await passwordlessOptions()) }))).toEqual(
      {
        code: 'UNAUTHENTICATED',
        message: PASSKEY_MESSAGES.notAccepted,
      },
    );

    // Removed (with a fresh check: the sign-in above stamped its session), the passkey signs in no more.
    const signedIn = (await server.gql(PASSWORDLESS, { response: authenticator.assert(await passwordlessOptions()) }))
      .data!.signInWithPasskey.accessToken;
    const removed = await server.gql(
      `mutation ($id: ID!) { removePasskey(id: $id) }`,
      { id: passkeyId },
      { token: signedIn },
    );
    expect(removed.errors).toBeUndefined();
    expect(
      errorOf(await server.gql(PASSWORDLESS, { response: authenticator.assert(await passwordlessOptions()) })),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: PASSKEY_MESSAGES.notAccepted,
    });
    // Without a factor left, the password alone signs in again.
    const signIn = await server.gql(SIGN_IN, { email: user.email, password: user.password });
    expect(signIn.data!.signIn.secondFactorRequired).toBe(false);
  });

  it("does not count towards the account's code limit (10 in 15 minutes): anyone may name a passkey (review 30)", async () => {
    const { authenticator } = await withPasskey(); // the registration: 1 of 10
    for (let i = 0; i < 10; i++) {
      const options = await passwordlessOptions();
      const res = await server.gql(PASSWORDLESS, { response: authenticator.assert(options, { userVerified: false }) });
      expect(errorOf(res).message).toBe(PASSKEY_MESSAGES.notAccepted);
    }
    const signedIn = await server.gql(PASSWORDLESS, { response: authenticator.assert(await passwordlessOptions()) });
    expect(signedIn.errors).toBeUndefined();
  });
});

describe('removing passkeys and the audit log', () => {
  it("asks for a recent check, refuses another account's passkey, and audits a staff member's changes", async () => {
    const { user, authenticator, passkeyId } = await withPasskey({ staffRole: 'MANAGER' });
    const other = await withPasskey();
    const done = await server.gql(PASSWORDLESS, { response: authenticator.assert(await passwordlessOptions()) });
    const token = done.data!.signInWithPasskey.accessToken;
    const REMOVE = `mutation ($id: ID!) { removePasskey(id: $id) }`;
    expect(errorOf(await server.gql(REMOVE, { id: other.passkeyId }, { token }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Passkey not found',
    });
    expect(await server.sql(`SELECT 1 FROM passkeys WHERE id = $1`, [other.passkeyId])).toHaveLength(1);
    await server.sql(`UPDATE second_factor_checks SET checked_at = now() - interval '11 minutes' WHERE user_id = $1`, [
      user.id,
    ]);
    const stale = await server.gql(REMOVE, { id: passkeyId }, { token });
    expect(errorOf(stale)).toEqual({ code: 'FORBIDDEN', message: TWO_FACTOR_MESSAGES.stepUpRequired });
    // Adding another also asks first, before the browser is even prompted.
    const begin = await server.gql(`mutation { beginPasskeyRegistration }`, {}, { token });
    expect(begin.errors![0].extensions!.reason).toBe(SECOND_FACTOR_REASONS.stepUpRequired);

    const audit = await server.sql(
      `SELECT action, target_id, change FROM audit_log WHERE actor_id = $1 ORDER BY created_at`,
      [user.id],
    );
    // The entry names the passkey added, so a later removePasskey of it can be matched (review 30).
    expect(audit).toEqual([{ action: 'addPasskey', target_id: passkeyId, change: { name: 'MacBook' } }]);
    // A customer's passkeys are their own business: not in the staff audit log.
    expect(await server.sql(`SELECT 1 FROM audit_log WHERE actor_id = $1`, [other.user.id])).toEqual([]);

    const options = (await server.gql(`mutation { beginPasskeyConfirmation }`, {}, { token })).data!
      .beginPasskeyConfirmation;
    await server.gql(
      `mutation ($r: String!) { confirmSecondFactorWithPasskey(response: $r) }`,
      { r: authenticator.assert(options) },
      { token },
    );
    expect((await server.gql(REMOVE, { id: passkeyId }, { token })).errors).toBeUndefined();
    const after = await server.sql(`SELECT action, target_id FROM audit_log WHERE actor_id = $1 ORDER BY created_at`, [
      user.id,
    ]);
    expect(after).toEqual([
      { action: 'addPasskey', target_id: passkeyId },
      { action: 'removePasskey', target_id: passkeyId },
    ]);
  });
});
