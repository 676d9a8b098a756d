/**
 * Accounts over the API: signUp, signIn, me, updateProfile, with every validation message of docs/product.md
 * "Input rules" (exact text, BAD_USER_INPUT, extensions.fieldErrors) and the rows they leave behind.
 */
import { MESSAGES } from '../../common/validation';
import { startTestServer, type GqlResponse, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const VIEWER = `id email isAdmin profile { id fullName email companyName phone }`;
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken expiresAt viewer { ${VIEWER} } } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken expiresAt viewer { ${VIEWER} } } }`;
const ME = `{ me { ${VIEWER} } }`;
const UPDATE_PROFILE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { id fullName email companyName phone } }`;

let counter = 0;
const uniqueEmail = (prefix = 'new') => `${prefix}-${Date.now()}-${counter++}@example.com`;
const validSignUp = () => ({ fullName: 'Ada Lovelace', email: uniqueEmail(), password: 'Analyt1cal' });

function expectInputError(res: GqlResponse, field: string, message: string): void {
  expect(res.data).toBeNull();
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0].message).toBe(message);
  expect(res.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(res.errors![0].extensions?.fieldErrors[0]).toEqual({ field, message });
}

describe('signUp', () => {
  it('creates the user and profile, signs in and returns the viewer', async () => {
    const input = validSignUp();
    const before = Date.now();
    const res = await server.gql(SIGN_UP, { input });
    expect(res.errors).toBeUndefined();
    const payload = res.data!.signUp;
    expect(payload.viewer).toEqual({
      id: expect.any(String),
      email: input.email,
      isAdmin: false,
      profile: { id: payload.viewer.id, fullName: 'Ada Lovelace', email: input.email, companyName: null, phone: null },
    });
    // 15-minute access token
    const expiresIn = new Date(payload.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(14 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000 + 5000);
    // the token works at once
    const me = await server.gql(ME, {}, { token: payload.accessToken });
    expect(me.data!.me).toEqual(payload.viewer);
    // and a refresh cookie was set (sign-up also signs in)
    expect(res.headers.getSetCookie().some((c) => c.startsWith('store_refresh='))).toBe(true);

    const [user] = await server.sql(`SELECT email, password_hash FROM users WHERE id = $1`, [payload.viewer.id]);
    expect(user.email).toBe(input.email);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(input.password);
    const [profile] = await server.sql(`SELECT full_name, email FROM profiles WHERE id = $1`, [payload.viewer.id]);
    expect(profile).toEqual({ full_name: 'Ada Lovelace', email: input.email });
    const sessions = await server.sql(`SELECT revoked_at FROM sessions WHERE user_id = $1`, [payload.viewer.id]);
    expect(sessions).toEqual([{ revoked_at: null }]);
  });

  it('trims and lower-cases the e-mail and trims the full name', async () => {
    const email = uniqueEmail('MiXeD');
    const res = await server.gql(SIGN_UP, {
      input: { fullName: '  Grace Hopper  ', email: `  ${email.toUpperCase()}  `, password: 'Cob0lRocks' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.signUp.viewer.email).toBe(email.toLowerCase());
    expect(res.data!.signUp.viewer.profile.fullName).toBe('Grace Hopper');
    // and signs in with any casing
    const signIn = await server.gql(SIGN_IN, { input: { email: email.toUpperCase(), password: 'Cob0lRocks' } });
    expect(signIn.errors).toBeUndefined();
  });

  it('refuses an e-mail that already has an account, whatever its casing', async () => {
    const input = validSignUp();
    expect((await server.gql(SIGN_UP, { input })).errors).toBeUndefined();
    const again = await server.gql(SIGN_UP, {
      input: { ...input, email: input.email.toUpperCase(), fullName: 'Someone Else' },
    });
    expectInputError(again, 'email', MESSAGES.emailTaken);
    expect(MESSAGES.emailTaken).toBe('An account with this email already exists');
    const rows = await server.sql(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [input.email]);
    expect(rows[0].n).toBe(1);
  });

  it('gives one account when the same e-mail signs up twice at once', async () => {
    const input = validSignUp();
    const results = await Promise.all([1, 2, 3].map(() => server.gql(SIGN_UP, { input })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    for (const failed of results.filter((r) => r.errors)) expectInputError(failed, 'email', MESSAGES.emailTaken);
    const rows = await server.sql(`SELECT count(*)::int AS n FROM profiles WHERE email = $1`, [input.email]);
    expect(rows[0].n).toBe(1);
  });

  it.each([
    ['an empty full name', 'fullName', { fullName: '' }, MESSAGES.fullNameRequired],
    ['a blank full name', 'fullName', { fullName: '    ' }, MESSAGES.fullNameRequired],
    ['a null full name', 'fullName', { fullName: null }, MESSAGES.fullNameRequired],
    ['a 101-character full name', 'fullName', { fullName: 'n'.repeat(101) }, MESSAGES.fullNameTooLong],
    ['an invalid e-mail', 'email', { email: 'not-an-email' }, MESSAGES.invalidEmail],
    ['an empty e-mail', 'email', { email: '' }, MESSAGES.invalidEmail],
    ['a 256-character e-mail', 'email', { email: `${'e'.repeat(244)}@example.com` }, MESSAGES.emailTooLong],
    ['a 5-character password', 'password', { password: 'Sh0rt' }, MESSAGES.passwordMin],
    ['a 73-character password', 'password', { password: `Aa1${'p'.repeat(70)}` }, MESSAGES.passwordMax],
    ['a password without an uppercase letter', 'password', { password: 'lowercase1' }, MESSAGES.passwordUpper],
    ['a password without a lowercase letter', 'password', { password: 'UPPERCASE1' }, MESSAGES.passwordLower],
    ['a password without a number', 'password', { password: 'NoNumbersHere' }, MESSAGES.passwordNumber],
  ])('refuses %s', async (_label, field, change, message) => {
    const input = { ...validSignUp(), ...change };
    const res = await server.gql(SIGN_UP, { input });
    expectInputError(res, field, message);
    expect(res.headers.getSetCookie()).toEqual([]);
    const rows = await server.sql(`SELECT count(*)::int AS n FROM users WHERE email = lower(trim($1))`, [
      input.email ?? '',
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('accepts a sign-up without fullName only to refuse it with the spec message', async () => {
    const { email, password } = validSignUp();
    const res = await server.gql(
      `mutation { signUp(input: { email: "${email}", password: "${password}" }) { accessToken } }`,
    );
    expectInputError(res, 'fullName', MESSAGES.fullNameRequired);
  });

  it('lists every failing field in fieldErrors, the first one as the message', async () => {
    const res = await server.gql(SIGN_UP, { input: { fullName: '', email: 'x', password: 'abc' } });
    expect(res.errors![0].message).toBe(MESSAGES.fullNameRequired);
    expect(res.errors![0].extensions!.fieldErrors).toEqual([
      { field: 'fullName', message: MESSAGES.fullNameRequired },
      { field: 'email', message: MESSAGES.invalidEmail },
      { field: 'password', message: MESSAGES.passwordMin },
      { field: 'password', message: MESSAGES.passwordUpper },
      { field: 'password', message: MESSAGES.passwordNumber },
    ]);
  });
});

describe('signIn', () => {
  it('signs in with the right password and returns the viewer', async () => {
    const user = await server.createUser({ fullName: 'Known Customer' });
    const res = await server.gql(SIGN_IN, { input: { email: `  ${user.email}  `, password: user.password } });
    expect(res.errors).toBeUndefined();
    expect(res.data!.signIn.viewer).toMatchObject({
      id: user.id,
      email: user.email,
      isAdmin: false,
      profile: { fullName: 'Known Customer' },
    });
    const me = await server.gql(`{ me { id } }`, {}, { token: res.data!.signIn.accessToken });
    expect(me.data!.me.id).toBe(user.id);
  });

  it('marks an admin as such', async () => {
    const admin = await server.createUser({ admin: true });
    const res = await server.gql(SIGN_IN, { input: { email: admin.email, password: admin.password } });
    expect(res.data!.signIn.viewer.isAdmin).toBe(true);
  });

  it('gives the same UNAUTHENTICATED error for a wrong password and an unknown e-mail', async () => {
    const user = await server.createUser();
    const wrong = await server.gql(SIGN_IN, { input: { email: user.email, password: 'Wr0ngPassword' } });
    const unknown = await server.gql(SIGN_IN, { input: { email: uniqueEmail('nobody'), password: user.password } });
    for (const res of [wrong, unknown]) {
      expect(res.data).toBeNull();
      expect(res.errors).toEqual([
        expect.objectContaining({ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } }),
      ]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(MESSAGES.invalidCredentials).toBe('Invalid email or password');
  });

  it.each([
    ['an empty password', 'password', { password: '' }, MESSAGES.passwordRequired],
    ['a null password', 'password', { password: null }, MESSAGES.passwordRequired],
    ['an invalid e-mail', 'email', { email: 'nope' }, MESSAGES.invalidEmail],
    ['a 256-character e-mail', 'email', { email: `${'e'.repeat(244)}@example.com` }, MESSAGES.emailTooLong],
  ])('refuses %s', async (_label, field, change, message) => {
    const res = await server.gql(SIGN_IN, {
      input: { email: 'someone@example.com', password: 'Whatever1', ...change },
    });
    expectInputError(res, field, message);
  });

  it('refuses a sign-in without a password field with the spec message', async () => {
    const res = await server.gql(`mutation { signIn(input: { email: "someone@example.com" }) { accessToken } }`);
    expectInputError(res, 'password', MESSAGES.passwordRequired);
  });
});

describe('me', () => {
  it('is null when signed out', async () => {
    const res = await server.gql(ME);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ me: null });
  });

  it('is null with a token that is not ours', async () => {
    const res = await server.gql(ME, {}, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' });
    expect(res.data).toEqual({ me: null });
  });

  it('reads isAdmin from the database, not from the token', async () => {
    const user = await server.createUser();
    expect((await server.gql(ME, {}, { token: user.token })).data!.me.isAdmin).toBe(false);
    await server.sql(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'OWNER')`, [user.id]);
    expect((await server.gql(ME, {}, { token: user.token })).data!.me.isAdmin).toBe(true);
    await server.sql(`DELETE FROM user_roles WHERE user_id = $1`, [user.id]);
    expect((await server.gql(ME, {}, { token: user.token })).data!.me.isAdmin).toBe(false);
  });

  it('is null once the account is deleted', async () => {
    const user = await server.createUser();
    await server.sql(`DELETE FROM users WHERE id = $1`, [user.id]);
    expect((await server.gql(ME, {}, { token: user.token })).data).toEqual({ me: null });
  });
});

describe('updateProfile', () => {
  it('edits full name, company and phone, and empty values clear company and phone', async () => {
    const user = await server.createUser({ fullName: 'Before' });
    const res = await server.gql(
      UPDATE_PROFILE,
      { input: { fullName: '  After  ', companyName: ' Acme Ltd ', phone: '+44 20 7946 0958' } },
      { token: user.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProfile).toEqual({
      id: user.id,
      fullName: 'After',
      email: user.email,
      companyName: 'Acme Ltd',
      phone: '+44 20 7946 0958',
    });
    expect((await server.gql(ME, {}, { token: user.token })).data!.me.profile).toEqual(res.data!.updateProfile);

    const cleared = await server.gql(
      UPDATE_PROFILE,
      { input: { fullName: 'After', companyName: '', phone: '  ' } },
      { token: user.token },
    );
    expect(cleared.data!.updateProfile).toMatchObject({ companyName: null, phone: null });
    const [row] = await server.sql(`SELECT full_name, company_name, phone FROM profiles WHERE id = $1`, [user.id]);
    expect(row).toEqual({ full_name: 'After', company_name: null, phone: null });
  });

  it('treats missing company and phone as empty', async () => {
    const user = await server.createUser();
    await server.gql(
      UPDATE_PROFILE,
      { input: { fullName: 'X', companyName: 'Co', phone: '12345' } },
      { token: user.token },
    );
    const res = await server.gql(UPDATE_PROFILE, { input: { fullName: 'Y' } }, { token: user.token });
    expect(res.data!.updateProfile).toMatchObject({ fullName: 'Y', companyName: null, phone: null });
  });

  it.each([
    ['an empty full name', 'fullName', { fullName: '' }, MESSAGES.fullNameRequired],
    ['a null full name', 'fullName', { fullName: null }, MESSAGES.fullNameRequired],
    ['a 101-character full name', 'fullName', { fullName: 'n'.repeat(101) }, MESSAGES.fullNameTooLong],
    ['a 201-character company name', 'companyName', { companyName: 'c'.repeat(201) }, MESSAGES.companyTooLong],
    ['a phone with letters', 'phone', { phone: 'call me maybe' }, MESSAGES.phoneInvalid],
  ])('refuses %s and changes nothing', async (_label, field, change, message) => {
    const user = await server.createUser({ fullName: 'Unchanged' });
    const res = await server.gql(
      UPDATE_PROFILE,
      { input: { fullName: 'Valid', companyName: '', phone: '', ...change } },
      { token: user.token },
    );
    expectInputError(res, field, message);
    const [row] = await server.sql(`SELECT full_name FROM profiles WHERE id = $1`, [user.id]);
    expect(row.full_name).toBe('Unchanged');
  });

  it('needs a signed-in user', async () => {
    const res = await server.gql(UPDATE_PROFILE, { input: { fullName: 'Nobody' } });
    expect(res.data).toBeNull();
    expect(res.errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("only ever edits the caller's own profile", async () => {
    const [a, b] = await Promise.all([server.createUser({ fullName: 'A' }), server.createUser({ fullName: 'B' })]);
    await server.gql(UPDATE_PROFILE, { input: { fullName: 'A2' } }, { token: a.token });
    const rows = await server.sql(`SELECT id, full_name FROM profiles WHERE id = ANY($1) ORDER BY full_name`, [
      [a.id, b.id],
    ]);
    expect(rows).toEqual([
      { id: a.id, full_name: 'A2' },
      { id: b.id, full_name: 'B' },
    ]);
  });
});
