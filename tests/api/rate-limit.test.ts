/**
 * Sign-in and sign-up throttling (docs/architecture.md "Sessions"): per IP and per account, every attempt counted,
 * RATE_LIMITED after AUTH_RATE_LIMIT attempts in a window, shared by all replicas on one database.
 * The server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback), so each test speaks from
 * its own client IP.
 */
import { createApp, type App } from '../../server/src/app';
import { startTestServer, type GqlResponse, type TestServer } from '../support/test-server';

const LIMIT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
});
afterAll(() => server.close());

const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;

let ipCounter = 1;
const freshIp = () => `203.0.113.${ipCounter++}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const signIn = (ip: string, email: string, password = 'Wr0ngPassword') =>
  server.gql(SIGN_IN, { input: { email, password } }, from(ip));
const signUp = (ip: string, email: string) =>
  server.gql(SIGN_UP, { input: { fullName: 'Rate Tester', email, password: 'Rate1234x' } }, from(ip));
let emailCounter = 0;
const freshEmail = () => `rl-${Date.now()}-${emailCounter++}@example.com`;

function codeOf(res: GqlResponse): string | undefined {
  return res.errors?.[0]?.extensions?.code;
}

function expectRateLimited(res: GqlResponse): void {
  expect(res.data).toBeNull();
  const error = res.errors![0];
  expect(error.extensions?.code).toBe('RATE_LIMITED');
  const retryAfter = error.extensions?.retryAfterSeconds;
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(300);
  // Said in minutes from a minute up: the sign-in window's 300 seconds read "5 minutes".
  const wait = retryAfter < 60 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
  expect(error.message).toBe(`Too many attempts. Please try again in ${wait}.`);
}

describe('signIn throttling', () => {
  it('refuses the fourth attempt from one IP, whichever accounts it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect(codeOf(await signIn(ip, freshEmail()))).toBe('UNAUTHENTICATED');
    expectRateLimited(await signIn(ip, freshEmail()));
    // another IP is not affected
    expect(codeOf(await signIn(freshIp(), freshEmail()))).toBe('UNAUTHENTICATED');
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it does not reset the count', async () => {
    const network = `2001:db8:${(ipCounter++).toString(16)}:1`;
    for (let i = 1; i <= LIMIT; i++) {
      expect(codeOf(await signIn(`${network}::${i.toString(16)}`, freshEmail()))).toBe('UNAUTHENTICATED');
    }
    expectRateLimited(await signIn(`${network}::ffff:1234`, freshEmail()));
    // The next /64 is another subscriber.
    expect(codeOf(await signIn(`2001:db8:${(ipCounter++).toString(16)}:2::1`, freshEmail()))).toBe('UNAUTHENTICATED');
  });

  it('refuses the fourth attempt on one account, whichever IPs it comes from, even with the right password', async () => {
    const user = await server.createUser();
    for (let i = 0; i < LIMIT; i++) expect(codeOf(await signIn(freshIp(), user.email))).toBe('UNAUTHENTICATED');
    const res = await signIn(freshIp(), user.email, user.password);
    expectRateLimited(res);
    expect(res.headers.getSetCookie()).toEqual([]);
    // the account key is the normalised e-mail
    expectRateLimited(await signIn(freshIp(), `  ${user.email.toUpperCase()} `, user.password));
  });

  it('counts successful sign-ins too', async () => {
    const user = await server.createUser();
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await signIn(ip, user.email, user.password)).errors).toBeUndefined();
    expectRateLimited(await signIn(ip, user.email, user.password));
  });

  it('does not count input refused by validation', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT + 2; i++) expect(codeOf(await signIn(ip, 'not-an-email'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await signIn(ip, freshEmail()))).toBe('UNAUTHENTICATED');
  });

  it('lets the client in again once the window has passed', async () => {
    const user = await server.createUser();
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) await signIn(ip, user.email);
    expectRateLimited(await signIn(ip, user.email, user.password));
    // Move this client's windows into the past instead of waiting AUTH_RATE_WINDOW_SECONDS.
    await server.sql(`UPDATE rate_limits SET window_start = now() - interval '301 seconds' WHERE key = ANY($1)`, [
      [`signin:ip:${ip}`, `signin:email:${user.email}`],
    ]);
    expect((await signIn(ip, user.email, user.password)).errors).toBeUndefined();
    const rows = await server.sql(`SELECT key, hits FROM rate_limits WHERE key = ANY($1) ORDER BY key`, [
      [`signin:ip:${ip}`, `signin:email:${user.email}`],
    ]);
    expect(rows).toEqual([
      { key: `signin:email:${user.email}`, hits: 1 },
      { key: `signin:ip:${ip}`, hits: 1 },
    ]);
  });

  it('counts concurrent attempts exactly', async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: LIMIT + 4 }, () => signIn(ip, freshEmail())));
    expect(results.filter((res) => codeOf(res) === 'UNAUTHENTICATED')).toHaveLength(LIMIT);
    expect(results.filter((res) => codeOf(res) === 'RATE_LIMITED')).toHaveLength(4);
  });
});

describe('signUp throttling', () => {
  it('refuses the fourth sign-up from one IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await signUp(ip, freshEmail())).errors).toBeUndefined();
    const email = freshEmail();
    expectRateLimited(await signUp(ip, email));
    expect(await server.sql(`SELECT id FROM users WHERE email = $1`, [email])).toEqual([]);
  });

  it('refuses the fourth sign-up attempt for one e-mail from different IPs', async () => {
    const email = freshEmail();
    expect((await signUp(freshIp(), email)).errors).toBeUndefined();
    for (let i = 1; i < LIMIT; i++) expect(codeOf(await signUp(freshIp(), email))).toBe('BAD_USER_INPUT');
    expectRateLimited(await signUp(freshIp(), email));
  });

  it('keeps sign-up and sign-in counters apart', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) await signUp(ip, freshEmail());
    expectRateLimited(await signUp(ip, freshEmail()));
    expect(codeOf(await signIn(ip, freshEmail()))).toBe('UNAUTHENTICATED');
  });
});

describe('across replicas', () => {
  let replica: App;
  beforeAll(async () => {
    // A second server process on the same database, as behind a load balancer.
    replica = await createApp({
      config: server.config,
      databaseUrl: server.databaseUrl,
      runMigrations: false,
      poolSize: 2,
    });
  });
  afterAll(() => replica.close());

  it('shares the counters', async () => {
    const ip = freshIp();
    const viaReplica = (email: string) =>
      fetch(`${replica.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ query: SIGN_IN, variables: { input: { email, password: 'Wr0ngPassword' } } }),
      }).then((res) => res.json() as Promise<{ errors?: { extensions?: { code?: string } }[] }>);
    expect(codeOf(await signIn(ip, freshEmail()))).toBe('UNAUTHENTICATED');
    expect((await viaReplica(freshEmail())).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(codeOf(await signIn(ip, freshEmail()))).toBe('UNAUTHENTICATED');
    expect((await viaReplica(freshEmail())).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expectRateLimited(await signIn(ip, freshEmail()));
  });
});
