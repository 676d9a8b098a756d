/**
 * The quote lock across a market move (docs/payments.md "The quote lock", "Paying the rest"): a BTC store priced by
 * Kraken and Coinbase (the rate FIXTURE servers of tests/support/rate-fixtures.ts, answering the real APIs' shapes),
 * reading payments from the Esplora FIXTURE server (tests/support/chain-fixtures/esplora-fixture.ts). The market is
 * moved by setting both providers' prices; the lock's end is moved by setting the order's `quote_expires_at` in the
 * past (what 30 minutes would do).
 */
import { OrderStatus } from '../../server/src/core/enums';
import { decimalToUnits, unitsToDecimal } from '../../server/src/payments/chains/chain-reader';
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { eventually } from '../support/eventually';
import { startRateFixtures, type RateFixtures } from '../support/rate-fixtures';
import type { TestServer } from '../support/test-server';

const STORE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ORDER = `query ($id: ID!) {
  order(id: $id) { id status paymentAmountCrypto paymentIssue paymentIssueKind amountDue quoteExpiresAt
                   rate { usd source } events { note } }
}`;

let rates: RateFixtures;
let esplora: EsploraFixture;
let store: ChainStore;
let server: TestServer;

beforeAll(async () => {
  [rates, esplora] = await Promise.all([startRateFixtures(), startEsploraFixture()]);
  store = await startChainStore({
    method: 'BTC',
    slug: 'rate-quotes-product',
    env: {
      BTC_API_URL: esplora.url,
      PAY_ADDRESS_BTC: STORE,
      CONFIRMATIONS_BTC: '1',
      RATE_PROVIDERS: 'kraken,coinbase',
      RATE_KRAKEN_URL: rates.url,
      RATE_COINBASE_URL: rates.url,
      RATE_REFRESH_SECONDS: '1',
      RATE_MAX_AGE_SECONDS: '60',
    },
  });
  ({ server } = store);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await Promise.all([rates?.close(), esplora?.close()]);
});

afterEach(async () => {
  await server.sql(`UPDATE orders SET status = $1 WHERE status = $2`, [OrderStatus.CANCELLED, OrderStatus.PENDING]);
});

/** Both providers answer `usd` per BTC, and the store prices with it. */
async function marketAt(usd: number) {
  rates.setPrice('kraken', 'BTC', usd.toFixed(1));
  rates.setPrice('coinbase', 'BTC', usd.toFixed(2));
  await eventually(
    async () => {
      const res = await server.gql<{ exchangeRates: { currency: string; usd: string }[] }>(
        `{ exchangeRates { currency usd } }`,
      );
      return res.data?.exchangeRates.find((r) => r.currency === 'BTC')?.usd === usd.toFixed(8);
    },
    15_000,
    `BTC priced at ${usd}`,
  );
}

async function read(id: string) {
  const res = await server.gql(ORDER, { id }, { token: store.customer.token });
  expect(res.errors).toBeUndefined();
  return res.data!.order;
}

const sats = (btc: string) => decimalToUnits(btc, 8);
const notes = (order: { events: { note: string | null }[] }) => order.events.map((e) => e.note);
const endLock = (id: string) =>
  server.sql(`UPDATE orders SET quote_expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);

it('keeps the locked amount across a market move: paid before the lock ends, the amount pays the order', async () => {
  await marketAt(50_000);
  const placed = await store.placeOrder();
  // $10 at 50,000 USD per BTC, plus the order's unique offset.
  expect(placed.paymentAmountCrypto).toMatch(/^0\.000200\d\d$/);
  expect((await read(placed.id)).rate).toEqual({ usd: '50000.00000000', source: 'median(kraken,coinbase)' });
  await marketAt(25_000);
  esplora.send([{ address: STORE, sats: sats(placed.paymentAmountCrypto) }]);
  esplora.mine();
  const paid = await store.orderWhen(placed.id, (o) => o.status === 'SUCCESS', 'the order paid at its locked amount');
  expect(paid.paymentIssue).toBeNull();
  expect(notes(await read(placed.id)).some((n) => n?.includes('re-quoted'))).toBe(false);
});

it('re-quotes a payment sent after the lock: the coin rose, the amount covers the total, and the history says so', async () => {
  await marketAt(50_000);
  const placed = await store.placeOrder();
  await endLock(placed.id);
  await marketAt(60_000);
  esplora.send([{ address: STORE, sats: sats(placed.paymentAmountCrypto) }]);
  esplora.mine();
  await store.orderWhen(placed.id, (o) => o.status === 'SUCCESS', 'the late payment re-quoted and paid');
  expect(notes(await read(placed.id))).toContain(
    "Paid after the price lock ended: re-quoted at 60000.00000000 USD per BTC, the payment covers the order's total.",
  );
});

it('re-quotes a payment sent after the lock: the coin fell, it is short by the dollars and coin shown, and the rest pays the order', async () => {
  await marketAt(50_000);
  const placed = await store.placeOrder();
  await endLock(placed.id);
  await marketAt(40_000);
  const paidSats = sats(placed.paymentAmountCrypto);
  esplora.send([{ address: STORE, sats: paidSats }]);
  esplora.mine();
  const under = await store.orderWhen(placed.id, (o) => o.paymentIssueKind === 'UNDERPAID', 'the order underpaid');
  // One satoshi buys 0.04 cents at 40,000: the rest of $10.00 in satoshis, rounded up.
  const nanoCentsPerSat = 4_000_000n;
  const short = 1000n * 10n ** 8n - paidSats * nanoCentsPerSat;
  const restSats = (short + nanoCentsPerSat - 1n) / nanoCentsPerSat;
  const rest = unitsToDecimal(restSats, 8);
  const order = await read(placed.id);
  expect(order.amountDue).toBe(rest);
  const shortDollars = `$${(Number((short + 10n ** 8n - 1n) / 10n ** 8n) / 100).toFixed(2)}`;
  expect(under.paymentIssue).toBe(
    `Underpaid: received ${placed.paymentAmountCrypto} BTC, ${shortDollars} short of the order's total at today's rate (the price lock had ended). Send ${rest} BTC more to the same address, or contact support.`,
  );

  esplora.send([{ address: STORE, sats: restSats }]);
  esplora.mine();
  const paid = await store.orderWhen(placed.id, (o) => o.status === 'SUCCESS', 'the rest paid');
  expect(paid.paymentIssue).toBeNull();
  expect((await read(placed.id)).amountDue).toBeNull();
});
