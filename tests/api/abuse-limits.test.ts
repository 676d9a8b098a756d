/**
 * Storage abuse (issue "Hardening", finding 3): accounts are free and each order may carry a 5 MB proof
 * of random bytes, so proofs are bounded per user (PROOF_STORAGE_PER_USER_MB), orders with a proof per IP
 * (PROOF_ORDER_RATE_LIMIT_PER_IP), proofs of orders that ended unpaid are deleted after
 * PROOF_RETENTION_DAYS, and retries of one idempotency key count once against the limits.
 * The server trusts X-Forwarded-For from loopback, so each test speaks from IPs of its own.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '../../common/validation';
import { ProofRetentionService } from '../../server/src/orders/proof-retention.service';
import { PNG_1x1, startTestServer, type GqlResponse, type TestServer, type TestUser } from '../support/test-server';

const PLACE = `mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id } }`;
const ORDER = `query ($id: ID!) { order(id: $id) { id status paymentProofUrl } }`;
const SET_STATUS = `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id } }`;

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;
let keyCounter = 0;
const freshKey = () => `abuse-${Date.now()}-${keyCounter++}`;

/** A real PNG followed by `extra` random bytes: an image by its bytes, and incompressible. */
const pngOf = (extra: number) => Buffer.concat([PNG_1x1, randomBytes(extra)]);

async function productIdOf(server: TestServer): Promise<string> {
  const [{ id }] = await server.sql(`SELECT id FROM products WHERE slug = 'litecoin-keys'`);
  return id;
}

function placeOrder(
  server: TestServer,
  productId: string,
  user: TestUser,
  options: { proof?: Buffer | null; key?: string; ip?: string } = {},
): Promise<GqlResponse<{ placeOrder: { id: string } }>> {
  const input = {
    productId,
    quantity: 1,
    email: user.email,
    paymentMethod: 'USDT_TRC20',
    idempotencyKey: options.key ?? freshKey(),
  };
  const proof = options.proof === undefined ? PNG_1x1 : options.proof;
  return server.upload(PLACE, { input }, proof ? { name: 'proof.png', type: 'image/png', bytes: proof } : null, {
    token: user.token,
    headers: { 'x-forwarded-for': options.ip ?? freshIp() },
  });
}

async function countOf(server: TestServer, sql: string, params: unknown[]): Promise<number> {
  const [{ count }] = await server.sql(`SELECT count(*)::int AS count FROM ${sql}`, params);
  return count;
}

function expectRateLimited(res: GqlResponse): void {
  const error = res.errors?.[0];
  expect(error?.extensions?.code).toBe('RATE_LIMITED');
  expect(error?.message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes?)\.$/);
}

describe('stored proofs per user (PROOF_STORAGE_PER_USER_MB=1)', () => {
  let server: TestServer;
  let productId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { PROOF_STORAGE_PER_USER_MB: '1' } });
    productId = await productIdOf(server);
  });
  afterAll(() => server.close());

  it('refuses the proof that would take the user over the total, with a clear message, and keeps nothing of it', async () => {
    const user = await server.createUser();
    for (let i = 0; i < 2; i++) {
      expect((await placeOrder(server, productId, user, { proof: pngOf(400 * 1024) })).errors).toBeUndefined();
    }
    const key = freshKey();
    const refused = await placeOrder(server, productId, user, { proof: pngOf(400 * 1024), key });
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({
      message: MESSAGES.proofStorageFull,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'proof', message: MESSAGES.proofStorageFull }] },
    });
    expect(await countOf(server, 'orders WHERE user_id = $1 AND idempotency_key = $2', [user.id, key])).toBe(0);
    expect(await countOf(server, 'orders WHERE user_id = $1', [user.id])).toBe(2);
    expect(await countOf(server, 'stored_files WHERE owner_id = $1', [user.id])).toBe(2);

    // The way out the message offers works, and another customer is not affected.
    expect((await placeOrder(server, productId, user, { proof: null })).errors).toBeUndefined();
    const other = await server.createUser();
    expect((await placeOrder(server, productId, other, { proof: pngOf(400 * 1024) })).errors).toBeUndefined();
  });

  it('lets through only what fits when the proofs arrive at once', async () => {
    const user = await server.createUser();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(server, productId, user, { proof: pngOf(400 * 1024) })),
    );
    const placed = results.filter((res) => !res.errors);
    const refused = results.filter((res) => res.errors);
    expect(placed).toHaveLength(2);
    expect(refused.map((res) => res.errors![0].message)).toEqual(Array(3).fill(MESSAGES.proofStorageFull));
    const [{ total }] = await server.sql(
      `SELECT sum(size)::int AS total FROM stored_files WHERE owner_id = $1 AND kind = 'payment_proof'`,
      [user.id],
    );
    expect(total).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe('per-IP and per-user limits (PROOF_ORDER_RATE_LIMIT_PER_IP=2, ORDER_RATE_LIMIT=3)', () => {
  let server: TestServer;
  let productId: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { PROOF_ORDER_RATE_LIMIT_PER_IP: '2', ORDER_RATE_LIMIT: '3' } });
    productId = await productIdOf(server);
  });
  afterAll(() => server.close());

  it('refuses a third order with a proof from one IP within the hour, whichever accounts place them', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      expect((await placeOrder(server, productId, await server.createUser(), { ip })).errors).toBeUndefined();
    }
    const third = await server.createUser();
    expectRateLimited(await placeOrder(server, productId, third, { ip }));
    expect(await countOf(server, 'orders WHERE user_id = $1', [third.id])).toBe(0);
    expect(await countOf(server, 'stored_files WHERE owner_id = $1', [third.id])).toBe(0);

    // The limit is on proofs from that IP: without one, or from elsewhere, the customer can order.
    expect((await placeOrder(server, productId, third, { ip, proof: null })).errors).toBeUndefined();
    expect((await placeOrder(server, productId, third, { ip: freshIp() })).errors).toBeUndefined();
  });

  it('counts 20 concurrent retries of one idempotency key once, against the user and the IP', async () => {
    const user = await server.createUser();
    const ip = freshIp();
    const key = freshKey();
    const retries = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(server, productId, user, { key, ip })),
    );
    expect(retries.map((res) => res.errors)).toEqual(Array(20).fill(undefined));
    expect(new Set(retries.map((res) => res.data!.placeOrder.id)).size).toBe(1);
    expect(await countOf(server, 'orders WHERE user_id = $1', [user.id])).toBe(1);
    expect(await countOf(server, 'stored_files WHERE owner_id = $1', [user.id])).toBe(1);

    // ORDER_RATE_LIMIT=3: two more orders, then the limit.
    for (let i = 0; i < 2; i++) {
      expect((await placeOrder(server, productId, user, { proof: null })).errors).toBeUndefined();
    }
    expectRateLimited(await placeOrder(server, productId, user, { proof: null }));

    // PROOF_ORDER_RATE_LIMIT_PER_IP=2: one more order with a proof from that IP, then the limit.
    expect((await placeOrder(server, productId, await server.createUser(), { ip })).errors).toBeUndefined();
    expectRateLimited(await placeOrder(server, productId, await server.createUser(), { ip }));
  });

  it('still answers a retry of a placed order when the user is at the limit', async () => {
    const user = await server.createUser();
    const key = freshKey();
    const first = await placeOrder(server, productId, user, { key });
    for (let i = 0; i < 2; i++) {
      expect((await placeOrder(server, productId, user, { proof: null })).errors).toBeUndefined();
    }
    const retry = await placeOrder(server, productId, user, { key });
    expect(retry.errors).toBeUndefined();
    expect(retry.data!.placeOrder.id).toBe(first.data!.placeOrder.id);
  });
});

describe('proofs of orders that ended unpaid (PROOF_RETENTION_DAYS=30)', () => {
  let server: TestServer;
  let productId: string;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    productId = await productIdOf(server);
    admin = await server.createUser({ admin: true });
  });
  afterAll(() => server.close());

  /** An order with a proof, moved to `status` by an admin, last updated `daysAgo` days ago. */
  async function orderWith(user: TestUser, status: string, daysAgo: number): Promise<{ id: string; fileId: string }> {
    const placed = await placeOrder(server, productId, user);
    const id = placed.data!.placeOrder.id;
    if (status !== 'PENDING') {
      expect((await server.gql(SET_STATUS, { orderId: id, status }, { token: admin.token })).errors).toBeUndefined();
    }
    await server.sql(`UPDATE orders SET updated_at = now() - make_interval(days => $2) WHERE id = $1`, [id, daysAgo]);
    const [row] = await server.sql(`SELECT payment_proof_file_id AS "fileId" FROM orders WHERE id = $1`, [id]);
    expect(row.fileId).toBeTruthy();
    return { id, fileId: row.fileId };
  }

  async function proofUrlSeenBy(token: string, id: string): Promise<string | null> {
    const res = await server.gql<{ order: { paymentProofUrl: string | null } }>(ORDER, { id }, { token });
    expect(res.errors).toBeUndefined();
    return res.data!.order.paymentProofUrl;
  }

  it('deletes the proofs of NOT_RECEIVED and CANCELLED orders older than the retention, and only those', async () => {
    const user = await server.createUser();
    const notReceived = await orderWith(user, 'NOT_RECEIVED', 31);
    const cancelled = await orderWith(user, 'CANCELLED', 31);
    const cancelledRecently = await orderWith(user, 'CANCELLED', 29);
    const kept = [
      cancelledRecently,
      await orderWith(user, 'PENDING', 400),
      await orderWith(user, 'SUCCESS', 400),
      await orderWith(user, 'PROCESSING', 400),
      await orderWith(user, 'COMPLETED', 400),
    ];

    expect(await server.app.container.get(ProofRetentionService).sweep()).toBe(2);

    for (const gone of [notReceived, cancelled]) {
      expect(await countOf(server, 'stored_files WHERE id = $1', [gone.fileId])).toBe(0);
      expect(await proofUrlSeenBy(admin.token, gone.id)).toBeNull();
      expect(await proofUrlSeenBy(user.token, gone.id)).toBeNull();
    }
    for (const order of kept) {
      expect(await countOf(server, 'stored_files WHERE id = $1', [order.fileId])).toBe(1);
      expect(await proofUrlSeenBy(admin.token, order.id)).toMatch(/^\/files\//);
    }
    // Nothing else about the swept orders changed.
    const [swept] = await server.sql(
      `SELECT status, updated_at < now() - interval '30 days' AS old FROM orders WHERE id = $1`,
      [cancelled.id],
    );
    expect(swept).toEqual({ status: 'CANCELLED', old: true });
    expect(await server.app.container.get(ProofRetentionService).sweep()).toBe(0);
  });

  it('keeps a file another order still uses (the schema allows sharing), and deletes it with the last one', async () => {
    const user = await server.createUser();
    const ended = await orderWith(user, 'NOT_RECEIVED', 31);
    const pending = await orderWith(user, 'PENDING', 1);
    // As an import or a seed may write them: two orders, one file.
    await server.sql(`UPDATE orders SET payment_proof_file_id = $2 WHERE id = $1`, [pending.id, ended.fileId]);
    await server.sql(`DELETE FROM stored_files WHERE id = $1`, [pending.fileId]);

    expect(await server.app.container.get(ProofRetentionService).sweep()).toBe(0);
    expect(await proofUrlSeenBy(admin.token, ended.id)).toBeNull();
    expect(await proofUrlSeenBy(admin.token, pending.id)).toMatch(/^\/files\//);
    expect(await countOf(server, 'stored_files WHERE id = $1', [ended.fileId])).toBe(1);

    expect(
      (await server.gql(SET_STATUS, { orderId: pending.id, status: 'CANCELLED' }, { token: admin.token })).errors,
    ).toBeUndefined();
    await server.sql(`UPDATE orders SET updated_at = now() - interval '31 days' WHERE id = $1`, [pending.id]);
    expect(await server.app.container.get(ProofRetentionService).sweep()).toBe(1);
    expect(await countOf(server, 'stored_files WHERE id = $1', [ended.fileId])).toBe(0);
  });

  it('sweeps when a server starts', async () => {
    const user = await server.createUser();
    const ended = await orderWith(user, 'NOT_RECEIVED', 45);
    const second = await startTestServer({ database: { name: server.databaseName, url: server.databaseUrl } });
    try {
      const deadline = Date.now() + 5000;
      while ((await countOf(server, 'stored_files WHERE id = $1', [ended.fileId])) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await countOf(server, 'stored_files WHERE id = $1', [ended.fileId])).toBe(0);
    } finally {
      await second.close();
    }
  });
});
