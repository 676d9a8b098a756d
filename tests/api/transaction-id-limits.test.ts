/**
 * submitTransactionId is not free (docs/decisions.md "Checkout"): every accepted id is read from its chain at once and
 * may mail the customer, so ids are counted per order, per account and per IP (TRANSACTION_ID_RATE_LIMIT…), and an
 * id the order already has changes nothing. Run as the hostile review ran it: hundreds of submissions on one order,
 * counting what reached the chain's API (a TronGrid FIXTURE server), the order's events and the notifications.
 */
import { randomBytes } from 'node:crypto';
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const STORE = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

let tron: TronFixture;
let store: ChainStore;

beforeAll(async () => {
  tron = await startTronFixture({ contract: USDT });
  store = await startChainStore({
    method: 'USDT_TRC20',
    slug: 'tx-limit-product',
    env: {
      TRON_API_URL: tron.url,
      PAY_ADDRESS_USDT_TRC20: STORE,
      USDT_TRC20_CONTRACT: USDT,
      // The watcher's own reads are not what is measured here.
      PAYMENT_POLL_SECONDS: '3600',
      TRANSACTION_ID_RATE_LIMIT: '5',
      TRANSACTION_ID_RATE_LIMIT_PER_ACCOUNT: '8',
    },
  });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await tron?.close();
});

const junkTx = () => randomBytes(32).toString('hex');

async function changesOf(orderId: string) {
  const [row] = await store.server.sql<{ events: number; notifications: number }>(
    `SELECT (SELECT count(*)::int FROM domain_events WHERE payload->>'orderId' = $1::text) AS events,
            (SELECT count(*)::int FROM notifications WHERE order_id = $1::uuid) AS notifications`,
    [orderId],
  );
  return row;
}

it('accepts 5 transaction ids per order per hour; 300 more are RATE_LIMITED and reach neither the chain nor anyone', async () => {
  const order = await store.placeOrder();
  const before = await changesOf(order.id);
  const requestsBefore = tron.requests;

  const first = await store.submitTx(order.id, junkTx());
  expect(first.errors).toBeUndefined();
  // One accepted id costs this many chain API requests (read once, at once), counted once its check has ended (the
  // order says the id is not found): a check reads the tip, then the transaction.
  await store.orderWhen(order.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'the check of the first id');
  const perCheck = tron.requests - requestsBefore;
  expect(perCheck).toBeGreaterThan(0);

  const answers = [];
  for (let i = 0; i < 300; i++) answers.push(await store.submitTx(order.id, junkTx()));
  const accepted = answers.filter((res) => !res.errors);
  const limited = answers.filter((res) => res.errors?.[0].extensions?.code === 'RATE_LIMITED');
  expect(accepted).toHaveLength(4);
  expect(limited).toHaveLength(296);
  expect(limited[0].errors![0].message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes?)\.$/);

  // What the attack cost: 5 checks' requests, 5 changes' events and no more.
  await new Promise((r) => setTimeout(r, 1500));
  expect(tron.requests - requestsBefore).toBeLessThanOrEqual(5 * perCheck);
  const after = await changesOf(order.id);
  expect(after.events - before.events).toBeLessThanOrEqual(5 * 2);
  expect(after.notifications - before.notifications).toBeLessThanOrEqual(5);
}, 60_000);

it('counts per account across orders, and giving the id the order already has changes nothing', async () => {
  const user = await store.server.createUser();
  const [a, b] = [await store.placeOrder(user), await store.placeOrder(user)];
  const tx = junkTx();
  expect((await store.submitTx(a.id, tx, user)).errors).toBeUndefined();
  // Once the order's mail and the id's check have run, nothing else is due for it.
  await new Promise((r) => setTimeout(r, 1000));
  const settled = await changesOf(a.id);
  const requests = tron.requests;
  const again = await store.submitTx(a.id, tx, user);
  expect(again.errors).toBeUndefined();
  expect((again.data as { submitTransactionId: { transactionId: string } }).submitTransactionId.transactionId).toBe(tx);
  await new Promise((r) => setTimeout(r, 500));
  expect(await changesOf(a.id)).toEqual(settled);
  expect(tron.requests).toBe(requests);

  // 2 counted on order a; 6 more across both orders reach the account's 8, the next is refused on order b.
  for (let i = 0; i < 3; i++) expect((await store.submitTx(a.id, junkTx(), user)).errors).toBeUndefined();
  for (let i = 0; i < 3; i++) expect((await store.submitTx(b.id, junkTx(), user)).errors).toBeUndefined();
  const refused = await store.submitTx(b.id, junkTx(), user);
  expect(refused.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  // Another customer is not affected.
  const other = await store.placeOrder(store.other);
  expect((await store.submitTx(other.id, junkTx(), store.other)).errors).toBeUndefined();
}, 60_000);
