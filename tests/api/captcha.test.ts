/**
 * The CAPTCHA of sign-up and checkout (docs/graphql-api.md "CAPTCHA", docs/decisions.md "Abuse"): CAPTCHA=off asks
 * nothing; always asks every time (BAD_USER_INPUT on `captcha`, nothing written), accepts a solved challenge once
 * (on any replica) and refuses a replayed, expired or tampered one; adaptive asks one IP only past its threshold.
 * Solutions come from altcha-lib's own solver, as the browser's worker gets them. The test servers trust
 * X-Forwarded-For from loopback, so each test speaks from IPs of its own.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CAPTCHA_MESSAGES } from '../../common/captcha';
import { captchaSigningKey, issueChallenge } from '../../server/src/captcha/captcha.service';
import { eventually } from '../support/eventually';
import { startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { viewer { id email } } }`;
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;
const CHALLENGE = `{ captchaChallenge }`;

let ipCounter = 1;
const freshIp = () => `192.0.2.${ipCounter++}`;
let counter = 0;
const freshEmail = () => `captcha-${Date.now()}-${counter++}@example.com`;
const freshKey = () => `captcha-${Date.now()}-${counter++}`;

function signUp(server: TestServer, options: { ip: string; captcha?: string; email?: string }) {
  const input = { fullName: 'Captcha Tester', email: options.email ?? freshEmail(), password: 'Capt1234x' };
  return server.gql<{ signUp: { viewer: { id: string; email: string } } }>(
    SIGN_UP,
    { input: { ...input, captcha: options.captcha } },
    { headers: { 'x-forwarded-for': options.ip } },
  );
}

async function productIdOf(server: TestServer): Promise<string> {
  const [{ id }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
  return id;
}

function placeOrder(server: TestServer, user: TestUser, options: { ip: string; captcha?: string; key?: string }) {
  return productIdOf(server).then((productId) =>
    server.gql<{ placeOrder: { id: string } }>(
      PLACE,
      {
        input: {
          productId,
          quantity: 1,
          email: user.email,
          paymentMethod: 'USDT_TRC20',
          idempotencyKey: options.key ?? freshKey(),
          captcha: options.captcha,
        },
      },
      { token: user.token, headers: { 'x-forwarded-for': options.ip } },
    ),
  );
}

/** The payload for `challenge`, solved by altcha-lib's solver (as the web app's worker does). */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A challenge from the server's captchaChallenge, solved. */
async function solve(server: TestServer): Promise<string> {
  const res = await server.gql<{ captchaChallenge: string }>(CHALLENGE);
  return solved(JSON.parse(res.data!.captchaChallenge) as Challenge);
}

function expectCaptchaRefusal(res: GqlResponse, message: string): void {
  expect(res.data).toBeNull();
  expect(res.errors?.[0]).toMatchObject({
    message,
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'captcha', message }] },
  });
}

async function countOf(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const [{ count }] = await server.sql(`SELECT count(*)::int AS count FROM ${sql}`, params);
  return count;
}

const ordersOf = (server: TestServer, user: TestUser) => countOf(server, `orders WHERE user_id = $1`, [user.id]);
const usersWith = (server: TestServer, email: string) => countOf(server, `users WHERE email = $1`, [email]);
const countsOf = (server: TestServer, pattern: string) => countOf(server, `rate_limits WHERE key LIKE $1`, [pattern]);

describe('CAPTCHA=off (the default outside production)', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer()));
  afterAll(() => server.close());

  it('never asks, counts nothing for it and ignores a captcha sent anyway; the challenge is still served', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signUp(server, { ip })).errors).toBeUndefined();
    const user = await server.createUser();
    for (let i = 0; i < 6; i++) expect((await placeOrder(server, user, { ip })).errors).toBeUndefined();
    expect((await signUp(server, { ip, captcha: 'not a payload' })).errors).toBeUndefined();
    expect((await placeOrder(server, user, { ip, captcha: 'not a payload' })).errors).toBeUndefined();
    expect(await countsOf(server, 'captcha:%')).toBe(0);
    expect(await countOf(server, 'captcha_challenges_used')).toBe(0);
    const challenge = JSON.parse((await server.gql<{ captchaChallenge: string }>(CHALLENGE)).data!.captchaChallenge);
    expect(challenge).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256' }, signature: expect.any(String) });
  });
});

describe('CAPTCHA=always', () => {
  let server: TestServer;
  /** A second replica: same database, same JWT_SECRET (so the same challenge key). */
  let replica: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CAPTCHA: 'always' } });
    replica = await startTestServer({
      env: { CAPTCHA: 'always' },
      jwtSecret: server.config.jwtSecret,
      database: { name: server.databaseName, url: server.databaseUrl },
    });
  });
  afterAll(async () => {
    await replica.close();
    await server.close();
  });

  it('refuses a sign-up without a solution, with the message, writing nothing (not even a throttle count)', async () => {
    const ip = freshIp();
    const email = freshEmail();
    expectCaptchaRefusal(await signUp(server, { ip, email }), CAPTCHA_MESSAGES.required);
    expectCaptchaRefusal(await signUp(server, { ip, email, captcha: '' }), CAPTCHA_MESSAGES.required);
    expect(await usersWith(server, email)).toBe(0);
    expect(await countsOf(server, `%${ip}`)).toBe(0);
  });

  it('refuses a checkout without a solution, writing nothing', async () => {
    const user = await server.createUser();
    expectCaptchaRefusal(await placeOrder(server, user, { ip: freshIp() }), CAPTCHA_MESSAGES.required);
    expect(await ordersOf(server, user)).toBe(0);
    expect(await countsOf(server, `%${user.id}`)).toBe(0);
  });

  it('accepts a solved challenge once for a sign-up: the same solution again is refused, here or on a replica', async () => {
    const captcha = await solve(server);
    const first = await signUp(server, { ip: freshIp(), captcha });
    expect(first.errors).toBeUndefined();
    for (const target of [server, replica]) {
      const email = freshEmail();
      expectCaptchaRefusal(await signUp(target, { ip: freshIp(), captcha, email }), CAPTCHA_MESSAGES.used);
      expect(await usersWith(server, email)).toBe(0);
    }
    // A new solution signs up again.
    expect((await signUp(server, { ip: freshIp(), captcha: await solve(server) })).errors).toBeUndefined();
  });

  it('accepts a solved challenge once for a checkout: a replay places no second order', async () => {
    const user = await server.createUser();
    const captcha = await solve(server);
    expect((await placeOrder(server, user, { ip: freshIp(), captcha })).errors).toBeUndefined();
    expectCaptchaRefusal(await placeOrder(replica, user, { ip: freshIp(), captcha }), CAPTCHA_MESSAGES.used);
    expect(await ordersOf(server, user)).toBe(1);
    // A retry of the placed order (same idempotency key) is answered with it, whatever its captcha.
    const key = freshKey();
    const placed = await placeOrder(server, user, { ip: freshIp(), captcha: await solve(server), key });
    const retry = await placeOrder(server, user, { ip: freshIp(), captcha, key });
    expect(retry.data?.placeOrder.id).toBe(placed.data?.placeOrder.id);
  });

  it('lets exactly one of two replicas accept one solution sent to both at once', async () => {
    const captcha = await solve(server);
    const results = await Promise.all([server, replica].map((target) => signUp(target, { ip: freshIp(), captcha })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expectCaptchaRefusal(
      results.find((r) => r.errors)!,
      CAPTCHA_MESSAGES.used,
    );
  });

  it('refuses an expired challenge, a tampered one, a wrong solution and garbage, writing nothing', async () => {
    const key = captchaSigningKey(server.config.jwtSecret);
    const user = await server.createUser();
    // Issued 10 minutes and a second ago (signed with the server's key, as captchaChallenge would have).
    const expired = await solved(await issueChallenge(key, Date.now() - 601_000));
    expectCaptchaRefusal(await signUp(server, { ip: freshIp(), captcha: expired }), CAPTCHA_MESSAGES.expired);
    expectCaptchaRefusal(await placeOrder(server, user, { ip: freshIp(), captcha: expired }), CAPTCHA_MESSAGES.expired);

    const good = JSON.parse(Buffer.from(await solve(server), 'base64').toString());
    const variants = {
      'an easier cost under the same signature': {
        ...good,
        challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } },
      },
      'a later expiry under the same signature': {
        ...good,
        challenge: {
          ...good.challenge,
          parameters: { ...good.challenge.parameters, expiresAt: good.challenge.parameters.expiresAt + 3600 },
        },
      },
      'another counter': { ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } },
      'signed by another key': JSON.parse(
        Buffer.from(await solved(await issueChallenge(captchaSigningKey('x'.repeat(64)))), 'base64').toString(),
      ),
    };
    for (const [what, payload] of Object.entries(variants)) {
      const captcha = Buffer.from(JSON.stringify(payload)).toString('base64');
      const email = freshEmail();
      const res = await signUp(server, { ip: freshIp(), captcha, email });
      expect({ what, message: res.errors?.[0]?.message }).toEqual({ what, message: CAPTCHA_MESSAGES.invalid });
      expectCaptchaRefusal(res, CAPTCHA_MESSAGES.invalid);
      expect(await usersWith(server, email)).toBe(0);
    }
    for (const garbage of ['bm90IGpzb24=', 'e30=', '%%%', 'A'.repeat(5000)]) {
      expectCaptchaRefusal(
        await placeOrder(server, user, { ip: freshIp(), captcha: garbage }),
        CAPTCHA_MESSAGES.invalid,
      );
    }
    expect(await ordersOf(server, user)).toBe(0);
    // The untampered solution was never used by the refusals above.
    expect(
      (await signUp(server, { ip: freshIp(), captcha: Buffer.from(JSON.stringify(good)).toString('base64') })).errors,
    ).toBeUndefined();
  });
});

describe('CAPTCHA=adaptive (3 sign-ups, 2 orders per IP per hour)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CAPTCHA: 'adaptive', CAPTCHA_SIGNUPS_PER_IP: '3', CAPTCHA_CHECKOUTS_PER_IP: '2' },
    });
  });
  afterAll(() => server.close());

  it('asks one IP from its fourth sign-up on, and no other IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signUp(server, { ip })).errors).toBeUndefined();
    const email = freshEmail();
    expectCaptchaRefusal(await signUp(server, { ip, email }), CAPTCHA_MESSAGES.required);
    expect(await usersWith(server, email)).toBe(0);
    // The client IP is X-Forwarded-For's (TRUST_PROXY=loopback): another one is not asked.
    expect((await signUp(server, { ip: freshIp() })).errors).toBeUndefined();
    expect(await countsOf(server, `captcha:signUp:ip:${ip}`)).toBe(1);
    // With a solved challenge the asked IP signs up; the solution is then used.
    const captcha = await solve(server);
    expect((await signUp(server, { ip, email, captcha })).errors).toBeUndefined();
    expectCaptchaRefusal(await signUp(server, { ip, captcha }), CAPTCHA_MESSAGES.used);
  });

  it('asks one IP from its third order on, across accounts; a refused order writes nothing, not even its counts', async () => {
    const ip = freshIp();
    const [first, second] = [await server.createUser(), await server.createUser()];
    expect((await placeOrder(server, first, { ip })).errors).toBeUndefined();
    expect((await placeOrder(server, second, { ip })).errors).toBeUndefined();
    const hits = async () =>
      (await server.sql(`SELECT hits FROM rate_limits WHERE key = $1`, [`captcha:checkout:ip:${ip}`]))[0]?.hits;
    expect(await hits()).toBe(2);
    expectCaptchaRefusal(await placeOrder(server, first, { ip }), CAPTCHA_MESSAGES.required);
    expect(await ordersOf(server, first)).toBe(1);
    // Rolled back with the refused order: its count, and the account's order count.
    expect(await hits()).toBe(2);
    const [{ hits: userHits }] = await server.sql(`SELECT hits FROM rate_limits WHERE key = $1`, [
      `order:user:${first.id}`,
    ]);
    expect(userHits).toBe(1);
    // Another IP is not asked; the asked one places its order with a solved challenge.
    expect((await placeOrder(server, first, { ip: freshIp() })).errors).toBeUndefined();
    expect((await placeOrder(server, first, { ip, captcha: await solve(server) })).errors).toBeUndefined();
    expect(await ordersOf(server, first)).toBe(3);
  });

  it('checks a solution sent below the threshold too', async () => {
    const user = await server.createUser();
    expectCaptchaRefusal(await placeOrder(server, user, { ip: freshIp(), captcha: 'e30=' }), CAPTCHA_MESSAGES.invalid);
    expect((await placeOrder(server, user, { ip: freshIp(), captcha: await solve(server) })).errors).toBeUndefined();
  });
});

describe('used challenges are pruned', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer({ env: { CAPTCHA: 'always' } })));
  afterAll(() => server.close());

  it("once expired for 10 minutes (a margin for replicas' clocks), at the first check of a process", async () => {
    await server.sql(
      `INSERT INTO captcha_challenges_used (signature, expires_at) VALUES
         ('long-expired', now() - interval '11 minutes'), ('just-expired', now() - interval '5 minutes'),
         ('open', now() + interval '5 minutes')`,
    );
    expect((await signUp(server, { ip: freshIp(), captcha: await solve(server) })).errors).toBeUndefined();
    const left = () => server.sql(`SELECT signature FROM captcha_challenges_used ORDER BY signature`);
    await eventually(async () => (await left()).length === 3);
    expect((await left()).map((row) => row.signature).filter((s) => !/^[0-9a-f]{64}$/.test(s))).toEqual([
      'just-expired',
      'open',
    ]);
  });
});
