/**
 * One payment method's failing chain does not stop the others' (ChainPaymentService.poll): a store reading all three
 * chains, where
 * - BTC is healthy (the Esplora FIXTURE, tests/support/chain-fixtures/esplora-fixture.ts),
 * - ETH's API is down the way a misconfigured proxy is: it answers every JSON-RPC request with a redirect (a
 *   FIXTURE, tests/support/chain-fixtures/hostile-api.ts), which is not followed, a read error;
 * - TRON's API (the TronGrid FIXTURE, tests/support/chain-fixtures/tron-fixture.ts) misbehaves: its solidified tip
 *   jumps three billion blocks past a payment in flight, whose confirmation count then no longer fits the database
 *   (an error that is not a read error, raised while the poll records it).
 * A BTC order is still paid and delivered; each failing method is logged once per poll with its method, and the poll
 * job itself never fails (graphile-worker would log "Failed task … (payments:poll …)").
 */
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { setLogDestination } from '../../server/src/core/logger';
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { startHostileApi, type HostileApi } from '../support/chain-fixtures/hostile-api';
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';
import { eventually } from '../support/eventually';
import { startTestServer, TEST_ADDRESSES, type TestServer, type TestUser } from '../support/test-server';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentAmountCrypto } }`;
const ORDER = `query ($id: ID!) { order(id: $id) { id status payment { status confirmations } } }`;

interface LogLine {
  level: string;
  msg: string;
  method?: string;
  err?: { message: string };
}

let esplora: EsploraFixture;
let tron: TronFixture;
let ethElsewhere: HostileApi;
let ethApi: HostileApi;
let server: TestServer;
let customer: TestUser;
let productId: string;
const lines: LogLine[] = [];
let restoreDestination: ReturnType<typeof setLogDestination>;

beforeAll(async () => {
  restoreDestination = setLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) });
  esplora = await startEsploraFixture();
  tron = await startTronFixture({ contract: USDT });
  ethElsewhere = await startHostileApi(() => ({ json: { jsonrpc: '2.0', id: 1, result: '0x10' } }));
  ethApi = await startHostileApi(() => ({ status: 307, redirect: ethElsewhere.url }));
  server = await startTestServer({
    env: {
      BTC_API_URL: esplora.url,
      TRON_API_URL: tron.url,
      ETH_RPC_URL: ethApi.url,
      USDT_TRC20_CONTRACT: USDT,
      CONFIRMATIONS_BTC: '1',
      CONFIRMATIONS_TRON: '1000',
      PAYMENT_POLL_SECONDS: '0.3',
      // graphile-worker's "Completed task" lines, which count the polls, are logged at debug.
      LOG_LEVEL: 'debug',
    },
  });
  customer = await server.createUser();
  [{ id: productId }] = await server.sql<{ id: string }>(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
     VALUES ('poll-isolation-product', 'Poll isolation', 'crypto_keys', 'Test', 10, 'MANUAL', 1) RETURNING id`,
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await Promise.all([esplora?.close(), tron?.close(), ethApi?.close(), ethElsewhere?.close()]);
  setLogDestination(restoreDestination);
});

async function placeOrder(paymentMethod: 'BTC' | 'USDT_TRC20' | 'ETH') {
  const res = await server.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: customer.email, paymentMethod } },
    { token: customer.token },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder as { id: string; paymentAmountCrypto: string };
}

async function readOrder(id: string) {
  const res = await server.gql(ORDER, { id }, { token: customer.token });
  expect(res.errors).toBeUndefined();
  return res.data!.order;
}

const pollFailures = (method: string) => lines.filter((line) => line.method === method && line.err);
const completedPolls = () => lines.filter((line) => /^Completed task \d+ \(payments:poll\b/.test(line.msg));
const failedPolls = () => lines.filter((line) => /^Failed task \d+ \(payments:poll\b/.test(line.msg));

it('pays a BTC order while ETH cannot be read and TRON fails otherwise; each failure is logged once a poll', async () => {
  await placeOrder('ETH');
  const usdtOrder = await placeOrder('USDT_TRC20');
  tron.transfer({ to: TEST_ADDRESSES.USDT_TRC20, value: decimalToUnits(usdtOrder.paymentAmountCrypto, 6) });
  tron.solidify();
  await eventually(
    async () => (await readOrder(usdtOrder.id)).payment?.confirmations === 1,
    15_000,
    'the USDT payment solidified, 1 of 1000 confirmations',
  );
  // The tip jumps; the payment's count (over 3 billion) no longer fits its column when the poll records it.
  tron.solidify(3_000_000_000);
  await eventually(async () => pollFailures('USDT_TRC20').length >= 2, 15_000, 'TRON polls failing');

  const btcOrder = await placeOrder('BTC');
  esplora.send([{ address: TEST_ADDRESSES.BTC, sats: decimalToUnits(btcOrder.paymentAmountCrypto, 8) }]);
  esplora.mine(1);
  await eventually(async () => (await readOrder(btcOrder.id)).status === 'SUCCESS', 15_000, 'BTC order paid');
  const before = completedPolls().length;
  await eventually(async () => completedPolls().length >= before + 3, 15_000, 'three more polls');

  // Once per poll: from TRON's first failure on, as many lines per failing method as polls done, give or take the
  // poll under way at either end.
  const since = lines.slice(lines.indexOf(pollFailures('USDT_TRC20')[0]));
  const polls = since.filter((line) => completedPolls().includes(line)).length;
  const snapshot = {
    tron: since.filter((line) => line.method === 'USDT_TRC20' && line.err),
    eth: since.filter((line) => line.method === 'ETH' && line.err),
  };
  expect(polls).toBeGreaterThanOrEqual(5);
  for (const failures of [snapshot.tron, snapshot.eth]) {
    expect(failures.length).toBeGreaterThanOrEqual(polls - 1);
    expect(failures.length).toBeLessThanOrEqual(polls + 1);
  }
  expect(failedPolls()).toEqual([]);
  for (const line of snapshot.eth) {
    expect(line).toMatchObject({ level: 'warn', msg: 'Chain could not be read; trying again next poll' });
    expect(line.err!.message).toBe(
      `eth: ${ethApi.url} answered 307, a redirect to ${ethElsewhere.url}: chain API redirects are not followed, ` +
        'so set the URL the API answers at',
    );
  }
  for (const line of snapshot.tron) {
    expect(line).toMatchObject({
      level: 'error',
      msg: 'Chain poll failed; the other chains go on, this one is tried again next poll',
    });
    expect(line.err!.message).toMatch(/out of range for type integer/);
  }
  expect(ethElsewhere.requests).toEqual([]);
  expect((await readOrder(usdtOrder.id)).status).toBe('PENDING');
}, 60_000);
