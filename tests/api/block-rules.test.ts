/**
 * Block rules (docs/product.md "Block rules"): an e-mail, an e-mail domain, an IP or an IP range turned away at
 * sign-up, sign-in, refresh and checkout with one message that tells nothing, checked from memory before anything is
 * written; the admin's operations (validation, canonical values, duplicates, the guard for admins); a rule added or
 * removed in one server process takes effect in another on the same database.
 *
 * The server trusts X-Forwarded-For from loopback (TRUST_PROXY's default), so each request names its client IP; the
 * admin's own requests come from 127.0.0.1. Every test uses addresses and e-mails of its own, so the rules of one
 * test never touch another.
 */
import { randomBytes } from 'node:crypto';
import { BLOCK_RULE_MESSAGES } from '../../common/block-rules';
import { eventually } from '../support/eventually';
import { startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

const ADD = `mutation ($kind: BlockRuleKind!, $value: String!, $reason: String) {
  addBlockRule(kind: $kind, value: $value, reason: $reason) { id kind value reason createdAt createdByEmail }
}`;
const REMOVE = `mutation ($id: ID!) { removeBlockRule(id: $id) }`;
const LIST = `{ blockRules { id kind value reason createdAt createdByEmail } }`;
const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
const REFRESH = `mutation { refreshSession { accessToken } }`;
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;

type Kind = 'EMAIL' | 'EMAIL_DOMAIN' | 'IP' | 'CIDR';
interface Rule {
  id: string;
  kind: Kind;
  value: string;
  reason: string | null;
  createdAt: string;
  createdByEmail: string | null;
}

let server: TestServer;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true, email: `admin-${randomBytes(4).toString('hex')}@staff.example.org` });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
});
afterAll(() => server.close());

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
/** An e-mail at a domain no other test uses (so a domain rule blocks this test's addresses only). */
const freshEmail = (local = 'visitor') => `${local}-${unique()}@${freshDomain()}`;
const freshDomain = () => `d${unique()}.example.net`;
let v4 = 0;
/** IPv4 addresses of 198.51.100.0/24 (TEST-NET-2), one per call. */
const freshIpv4 = () => `198.51.100.${++v4}`;
/** A fresh /24 of 10.0.0.0/8 for a range test. */
let net24 = 0;
const freshNet24 = () => `10.77.${++net24}`;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function addRule(kind: Kind, value: string, reason?: string, on: TestServer = server): Promise<Rule> {
  const res = await on.gql<{ addBlockRule: Rule }>(ADD, { kind, value, reason }, { token: admin.token });
  if (!res.data?.addBlockRule) throw new Error(`addBlockRule failed: ${JSON.stringify(res.errors)}`);
  return res.data.addBlockRule;
}

async function removeRule(id: string, on: TestServer = server): Promise<void> {
  const res = await on.gql(REMOVE, { id }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  expect(res.data).toEqual({ removeBlockRule: true });
}

function signUp(email: string, ip: string, on: TestServer = server): Promise<GqlResponse> {
  return on.gql(SIGN_UP, { input: { fullName: 'Block Test', email, password: 'Passw0rdOK' } }, from(ip));
}

function signIn(user: { email: string; password: string }, ip: string, on: TestServer = server): Promise<GqlResponse> {
  return on.gql(SIGN_IN, { input: { email: user.email, password: user.password } }, from(ip));
}

function refresh(cookie: string, ip: string): Promise<GqlResponse> {
  return server.gql(REFRESH, {}, { cookie, headers: { 'x-forwarded-for': ip } });
}

/** What a browser would send back after this answer: `store_refresh=<value>`. */
function cookieOf(res: GqlResponse): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('store_refresh='));
  if (!line) throw new Error('no store_refresh cookie was set');
  return line.split(';')[0];
}

function placeOrder(user: TestUser, ip: string, contactEmail = user.email, key = `block-${unique()}`) {
  return server.gql(
    PLACE,
    { input: { productId, quantity: 1, email: contactEmail, paymentMethod: 'USDT_TRC20', idempotencyKey: key } },
    { token: user.token, headers: { 'x-forwarded-for': ip } },
  );
}

function expectBlocked(res: GqlResponse): void {
  expect(res.data ?? null).toBeNull();
  expect(res.errors).toEqual([
    expect.objectContaining({ message: BLOCK_RULE_MESSAGES.requestBlocked, extensions: { code: 'FORBIDDEN' } }),
  ]);
}

function expectOk(res: GqlResponse): void {
  expect(res.errors).toBeUndefined();
  expect(Object.values(res.data ?? {})[0]).toBeTruthy();
}

function expectValueError(res: GqlResponse, message: string): void {
  expect(res.data ?? null).toBeNull();
  expect(res.errors?.[0]).toMatchObject({
    message,
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'value', message }] },
  });
}

async function countOf(sql: string, params: unknown[]): Promise<number> {
  const [{ count }] = await server.sql(`SELECT count(*)::int AS count FROM ${sql}`, params);
  return count;
}

/** A rule of each kind that matches `email` (and its domain) or `ip`, the ones each entry point is tried with. */
const KINDS: { kind: Kind; subject: 'email' | 'ip'; value: (email: string, ip: string) => string }[] = [
  { kind: 'EMAIL', subject: 'email', value: (email) => email.toUpperCase() },
  { kind: 'EMAIL_DOMAIN', subject: 'email', value: (email) => email.split('@')[1] },
  { kind: 'IP', subject: 'ip', value: (_email, ip) => ip },
  { kind: 'CIDR', subject: 'ip', value: (_email, ip) => `${ip.split('.').slice(0, 3).join('.')}.0/24` },
];

/** A visitor's e-mail and an IP in a /24 of their own, so a CIDR rule for that /24 blocks this visitor only. */
function visitor(): { email: string; ip: string } {
  return { email: freshEmail(), ip: `${freshNet24()}.9` };
}

describe.each(KINDS)('a $kind rule', ({ kind, value }) => {
  it('turns sign-up away before anything is written, and lets it through once removed', async () => {
    const { email, ip } = visitor();
    const rule = await addRule(kind, value(email, ip), 'Chargebacks');
    expectBlocked(await signUp(email, ip));
    expect(await countOf(`users WHERE email = $1`, [email])).toBe(0);
    // Not even a throttle count: the rule is checked before the rate limiter.
    expect(await countOf(`rate_limits WHERE key IN ($1, $2)`, [`signup:email:${email}`, `signup:ip:${ip}`])).toBe(0);
    await removeRule(rule.id);
    expectOk(await signUp(email, ip));
  });

  it('turns sign-in away for the account it matches, with the same answer whether the account exists', async () => {
    const { email, ip } = visitor();
    const user = await server.createUser({ email });
    const rule = await addRule(kind, value(email, ip));
    const nobodyEmail = email.replace('visitor', 'nobody');
    // An e-mail rule matches one address: the same kind of rule for an address without an account.
    const nobodyRule = kind === 'EMAIL' ? await addRule('EMAIL', nobodyEmail) : null;
    const sessions = await countOf(`sessions WHERE user_id = $1`, [user.id]);
    const refused = await signIn(user, ip);
    expectBlocked(refused);
    // A wrong password and an address with no account get the very same answer: nothing about the account leaks.
    const wrongPassword = await signIn({ email, password: 'Wrong-Passw0rd' }, ip);
    const nobody = await signIn({ email: nobodyEmail, password: 'Passw0rdOK' }, ip);
    expect(wrongPassword.errors).toEqual(refused.errors);
    expect(nobody.errors).toEqual(refused.errors);
    if (nobodyRule) await removeRule(nobodyRule.id);
    expect(await countOf(`sessions WHERE user_id = $1`, [user.id])).toBe(sessions);
    expect(await countOf(`rate_limits WHERE key = $1`, [`signin:email:${email}`])).toBe(0);
    await removeRule(rule.id);
    expectOk(await signIn(user, ip));
  });

  it('turns refresh away without rotating the session, which refreshes again once the rule is removed', async () => {
    const { email, ip } = visitor();
    const user = await server.createUser({ email });
    // Signed in from another address, before the rule: the session exists, the refresh comes from `ip`.
    const cookie = cookieOf(await signIn(user, freshIpv4()));
    const rule = await addRule(kind, value(email, ip));
    const before = await server.sql(`SELECT id, revoked_at FROM sessions WHERE user_id = $1 ORDER BY id`, [user.id]);
    expectBlocked(await refresh(cookie, ip));
    expect(await server.sql(`SELECT id, revoked_at FROM sessions WHERE user_id = $1 ORDER BY id`, [user.id])).toEqual(
      before,
    );
    await removeRule(rule.id);
    // The very cookie the refused refresh carried: nothing was rotated or revoked.
    expectOk(await refresh(cookie, ip));
  });

  it('turns checkout away before an order, a count or a key reservation is written', async () => {
    const { email, ip } = visitor();
    const user = await server.createUser({ email });
    const rule = await addRule(kind, value(email, ip));
    const key = `block-${unique()}`;
    expectBlocked(await placeOrder(user, ip, user.email, key));
    expect(await countOf(`orders WHERE user_id = $1`, [user.id])).toBe(0);
    expect(await countOf(`rate_limits WHERE key = $1`, [`order:user:${user.id}`])).toBe(0);
    await removeRule(rule.id);
    // The same idempotency key: the refused attempt left nothing under it.
    expectOk(await placeOrder(user, ip, user.email, key));
  });
});

describe('checkout checks the contact e-mail too', () => {
  it.each(['EMAIL', 'EMAIL_DOMAIN'] as const)(
    'refuses an order whose typed contact e-mail a %s rule matches',
    async (kind) => {
      const user = await server.createUser({ email: freshEmail('buyer') });
      const contact = freshEmail('contact');
      const rule = await addRule(kind, kind === 'EMAIL' ? ` ${contact.toUpperCase()} ` : `@${contact.split('@')[1]}`);
      expectBlocked(await placeOrder(user, freshIpv4(), contact));
      expectOk(await placeOrder(user, freshIpv4(), user.email));
      await removeRule(rule.id);
      expectOk(await placeOrder(user, freshIpv4(), contact));
    },
  );
});

describe('matching', () => {
  it('blocks subdomains of a blocked domain, but not a domain that merely ends the same way', async () => {
    const domain = freshDomain();
    const rule = await addRule('EMAIL_DOMAIN', domain.toUpperCase());
    expect(rule.value).toBe(domain);
    const ip = freshIpv4();
    expectBlocked(await signUp(`a-${unique()}@mail.${domain}`, ip));
    expectBlocked(await signUp(`a-${unique()}@x.y.${domain}`, ip));
    expectOk(await signUp(`a-${unique()}@not${domain}`, ip));
    await removeRule(rule.id);
  });

  it('matches an IPv4 range and nothing outside it', async () => {
    const rule = await addRule('CIDR', '192.0.2.130/25');
    expect(rule.value).toBe('192.0.2.128/25');
    expectBlocked(await signUp(freshEmail(), '192.0.2.128'));
    expectBlocked(await signUp(freshEmail(), '192.0.2.255'));
    expectOk(await signUp(freshEmail(), '192.0.2.127'));
    await removeRule(rule.id);
  });

  it('matches an IPv6 address and an IPv6 range in any spelling', async () => {
    const single = await addRule('IP', '2001:DB8:0:0:0:0:0:7');
    expect(single.value).toBe('2001:db8::7');
    expectBlocked(await signUp(freshEmail(), '2001:db8::7'));
    expectBlocked(await signUp(freshEmail(), '2001:0db8:0000::0007'));
    expectOk(await signUp(freshEmail(), '2001:db8::8'));

    const range = await addRule('CIDR', '2001:db8:beef:12::1/48');
    expect(range.value).toBe('2001:db8:beef::/48');
    expectBlocked(await signUp(freshEmail(), '2001:db8:beef:ffff::1'));
    expectOk(await signUp(freshEmail(), '2001:db8:bef0::1'));
    await removeRule(single.id);
    await removeRule(range.id);
  });

  it('treats an IPv4-mapped IPv6 client as its IPv4 address, and a mapped rule as the IPv4 rule', async () => {
    const ip = freshIpv4();
    const rule = await addRule('IP', ip);
    expectBlocked(await signUp(freshEmail(), `::ffff:${ip}`));
    await removeRule(rule.id);

    const other = freshIpv4();
    const mapped = await addRule('IP', `::FFFF:${other}`);
    expect(mapped.value).toBe(other);
    expectBlocked(await signUp(freshEmail(), other));
    expectBlocked(await signUp(freshEmail(), `::ffff:${other}`));
    await removeRule(mapped.id);

    const range = await addRule('CIDR', `::ffff:${freshNet24()}.0/120`);
    expect(range.value).toMatch(/^10\.77\.\d+\.0\/24$/);
    expectBlocked(await signUp(freshEmail(), range.value.replace('.0/24', '.200')));
    await removeRule(range.id);
  });

  it('costs no database statement to turn a request away', async () => {
    const ip = freshIpv4();
    const rule = await addRule('IP', ip);
    // Let the reloads the change started (this process's own, then the notification's) finish, as they have long
    // before a real visitor comes back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expectBlocked(await signIn({ email: freshEmail(), password: 'Passw0rdOK' }, ip));
    const statements: string[] = [];
    const logger = server.app.db.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, queryRunner) => {
      statements.push(query);
      return logQuery(query, parameters, queryRunner);
    };
    try {
      expectBlocked(await signIn({ email: freshEmail(), password: 'Passw0rdOK' }, ip));
      expectBlocked(await signUp(freshEmail(), ip));
    } finally {
      logger.logQuery = logQuery;
    }
    expect(statements).toEqual([]);
    await removeRule(rule.id);
  });
});

describe('admin operations', () => {
  it('lists rules newest first with their reason, creation time and creator', async () => {
    const first = await addRule('EMAIL', freshEmail(), '  Card testing  ');
    const second = await addRule('IP', freshIpv4());
    expect(first.reason).toBe('Card testing');
    expect(second.reason).toBeNull();
    const res = await server.gql<{ blockRules: Rule[] }>(LIST, {}, { token: admin.token });
    expect(res.errors).toBeUndefined();
    const ids = res.data!.blockRules.map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(res.data!.blockRules.find((r) => r.id === first.id)).toEqual({
      ...first,
      kind: 'EMAIL',
      createdByEmail: admin.email,
    });
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    await removeRule(first.id);
    await removeRule(second.id);
  });

  it.each([
    ['EMAIL', 'not-an-email', BLOCK_RULE_MESSAGES.invalid.EMAIL],
    ['EMAIL', '   ', BLOCK_RULE_MESSAGES.valueRequired],
    ['EMAIL_DOMAIN', 'name@example.com', BLOCK_RULE_MESSAGES.invalid.EMAIL_DOMAIN],
    ['EMAIL_DOMAIN', 'com', BLOCK_RULE_MESSAGES.invalid.EMAIL_DOMAIN],
    ['EMAIL_DOMAIN', 'exa mple.com', BLOCK_RULE_MESSAGES.invalid.EMAIL_DOMAIN],
    ['IP', '203.0.113.256', BLOCK_RULE_MESSAGES.invalid.IP],
    ['IP', '203.0.113.0/24', BLOCK_RULE_MESSAGES.invalid.IP],
    ['IP', '010.0.0.1', BLOCK_RULE_MESSAGES.invalid.IP],
    ['IP', 'fe80::1%eth0', BLOCK_RULE_MESSAGES.invalid.IP],
    ['IP', 'example.com', BLOCK_RULE_MESSAGES.invalid.IP],
    ['CIDR', '203.0.113.7', BLOCK_RULE_MESSAGES.invalid.CIDR],
    ['CIDR', '203.0.113.0/abc', BLOCK_RULE_MESSAGES.invalid.CIDR],
    ['CIDR', '203.0.113.0/-1', BLOCK_RULE_MESSAGES.invalid.CIDR],
    ['CIDR', '2001:db8::/1x', BLOCK_RULE_MESSAGES.invalid.CIDR],
    ['CIDR', '203.0.113.0/33', BLOCK_RULE_MESSAGES.ipv4Prefix],
    ['CIDR', '0.0.0.0/0', BLOCK_RULE_MESSAGES.ipv4Prefix],
    ['CIDR', '10.0.0.0/7', BLOCK_RULE_MESSAGES.ipv4Prefix],
    ['CIDR', '2001:db8::/129', BLOCK_RULE_MESSAGES.ipv6Prefix],
    ['CIDR', '::/0', BLOCK_RULE_MESSAGES.ipv6Prefix],
    ['CIDR', '2001::/15', BLOCK_RULE_MESSAGES.ipv6Prefix],
    ['IP', 'x'.repeat(256), BLOCK_RULE_MESSAGES.valueTooLong],
  ])('refuses %s %j with its message on `value` and writes nothing', async (kind, value, message) => {
    const before = await countOf('block_rules', []);
    expectValueError(await server.gql(ADD, { kind, value }, { token: admin.token }), message);
    expect(await countOf('block_rules', [])).toBe(before);
  });

  it('refuses a reason that is too long or holds control characters', async () => {
    for (const [reason, message] of [
      ['x'.repeat(201), BLOCK_RULE_MESSAGES.reasonTooLong],
      ['line\u0000break', BLOCK_RULE_MESSAGES.reasonCharacters],
    ]) {
      const res = await server.gql(ADD, { kind: 'IP', value: freshIpv4(), reason }, { token: admin.token });
      expect(res.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'reason', message }] },
      });
    }
  });

  it('refuses a duplicate however it is spelled', async () => {
    const email = freshEmail();
    const rule = await addRule('EMAIL', email);
    const range = await addRule('CIDR', '2001:db8:cafe::/48');
    for (const [kind, value] of [
      ['EMAIL', `  ${email.toUpperCase()}`],
      ['CIDR', '2001:DB8:CAFE:0:0:0:0:1/48'],
    ]) {
      expectValueError(await server.gql(ADD, { kind, value }, { token: admin.token }), BLOCK_RULE_MESSAGES.duplicate);
    }
    expect(await countOf(`block_rules WHERE value IN ($1, $2)`, [email, '2001:db8:cafe::/48'])).toBe(2);
    await removeRule(rule.id);
    await removeRule(range.id);
  });

  it('refuses a rule that would block the admin adding it, or any admin', async () => {
    const other = await server.createUser({ admin: true, email: freshEmail('other-admin') });
    for (const [kind, value, message] of [
      ['IP', '127.0.0.1', BLOCK_RULE_MESSAGES.wouldBlockYourself],
      ['CIDR', '127.0.0.0/8', BLOCK_RULE_MESSAGES.wouldBlockYourself],
      ['EMAIL', admin.email, BLOCK_RULE_MESSAGES.wouldBlockYourself],
      ['EMAIL_DOMAIN', 'example.org', BLOCK_RULE_MESSAGES.wouldBlockYourself],
      ['EMAIL', other.email, BLOCK_RULE_MESSAGES.wouldBlockAdmin],
      ['EMAIL_DOMAIN', other.email.split('@')[1], BLOCK_RULE_MESSAGES.wouldBlockAdmin],
    ]) {
      expectValueError(await server.gql(ADD, { kind, value }, { token: admin.token }), message);
    }
    // The admin's own address is the one Express derives, proxy included.
    const res = await server.gql(
      ADD,
      { kind: 'IP', value: '198.51.100.250' },
      {
        token: admin.token,
        headers: { 'x-forwarded-for': '198.51.100.250' },
      },
    );
    expectValueError(res, BLOCK_RULE_MESSAGES.wouldBlockYourself);
  });

  it('answers NOT_FOUND for a rule that does not exist (or no longer does)', async () => {
    const rule = await addRule('IP', freshIpv4());
    await removeRule(rule.id);
    for (const id of [rule.id, 'not-a-uuid']) {
      const res = await server.gql(REMOVE, { id }, { token: admin.token });
      expect(res.errors?.[0]).toMatchObject({ message: 'Block rule not found', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('is for admins only', async () => {
    const customer = await server.createUser();
    const rule = await addRule('IP', freshIpv4());
    for (const [query, variables] of [
      [LIST, {}],
      [ADD, { kind: 'IP', value: freshIpv4() }],
      [REMOVE, { id: rule.id }],
    ] as const) {
      const asCustomer = await server.gql(query, variables, { token: customer.token });
      expect(asCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const signedOut = await server.gql(query, variables);
      expect(signedOut.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await countOf(`block_rules WHERE id = $1`, [rule.id])).toBe(1);
    await removeRule(rule.id);
  });
});

describe('two server processes on one database', () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({
      database: { name: server.databaseName, url: server.databaseUrl },
      jwtSecret: server.config.jwtSecret,
    });
  });
  afterAll(() => second.close());

  it('a rule added or removed in one process takes effect in the other', async () => {
    const user = await server.createUser({ email: freshEmail() });
    const ip = freshIpv4();
    expectOk(await signIn(user, ip, second));

    const rule = await addRule('EMAIL_DOMAIN', user.email.split('@')[1], 'Abuse from this provider', server);
    await eventually(
      async () => {
        const res = await signIn(user, ip, second);
        return res.errors?.[0]?.message === BLOCK_RULE_MESSAGES.requestBlocked;
      },
      10_000,
      'refusal in the second process',
    );
    await removeRule(rule.id, server);
    await eventually(async () => !(await signIn(user, ip, second)).errors, 10_000, 'sign-in in the second process');

    // And the other way round: the second process adds, the first hears it.
    const byIp = await addRule('IP', ip, undefined, second);
    await eventually(async () => (await signUp(freshEmail(), ip)).errors?.[0]?.extensions?.code === 'FORBIDDEN');
    await removeRule(byIp.id, second);
    await eventually(async () => !(await signUp(freshEmail(), ip)).errors);
  });

  it('a malformed row written with SQL is left out, never stopping sign-up; another spelling still matches', async () => {
    const domain = freshDomain();
    await server.sql(
      `INSERT INTO block_rules (kind, value, reason) VALUES ('CIDR', '10.0.0.0', 'Typo'), ('EMAIL_DOMAIN', $1, 'Imported')`,
      [domain.toUpperCase()],
    );
    await eventually(
      async () => (await signUp(`x-${unique()}@${domain}`, freshIpv4())).errors?.[0]?.extensions?.code === 'FORBIDDEN',
    );
    expect((await signUp(freshEmail(), freshIpv4())).errors).toBeUndefined();
    await server.sql(`DELETE FROM block_rules WHERE value IN ('10.0.0.0', $1)`, [domain.toUpperCase()]);
  });

  it('a rule written straight into the table (an operator importing a list) reaches every process', async () => {
    const domain = freshDomain();
    await server.sql(`INSERT INTO block_rules (kind, value, reason) VALUES ('EMAIL_DOMAIN', $1, 'Imported')`, [domain]);
    for (const on of [server, second]) {
      await eventually(
        async () =>
          (await signUp(`x-${unique()}@${domain}`, freshIpv4(), on)).errors?.[0]?.extensions?.code === 'FORBIDDEN',
      );
    }
    await server.sql(`DELETE FROM block_rules WHERE value = $1`, [domain]);
    for (const on of [server, second]) {
      await eventually(async () => !(await signUp(`x-${unique()}@${domain}`, freshIpv4(), on)).errors);
    }
  });
});
