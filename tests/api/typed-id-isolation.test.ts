/**
 * A transaction ID a customer types is that order's business (docs/payments.md "Reads per poll"): one whose read fails
 * every time (here the chain API answers 500 for it, as an Esplora answer over the size cap or an ID the API chokes on
 * would fail) must not stop the store from seeing and confirming everyone else's payments. The chain is the Esplora
 * FIXTURE (tests/support/chain-fixtures/esplora-fixture.ts) behind a small forwarding proxy that fails that one ID.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { eventually } from '../support/eventually';
import { startTestServer, TEST_ADDRESSES, type TestServer, type TestUser } from '../support/test-server';

const POISON = 'f'.repeat(64);
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentAmountCrypto } }`;

let esplora: EsploraFixture;
let proxy: Server;
let poisonReads = 0;
let server: TestServer;
let customer: TestUser;
let productId: string;

beforeAll(async () => {
  esplora = await startEsploraFixture();
  proxy = createServer((req, res) => {
    if (req.url?.startsWith(`/tx/${POISON}`)) {
      poisonReads++;
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
      return;
    }
    void fetch(`${esplora.url}${req.url}`).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    env: {
      BTC_API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      CONFIRMATIONS_BTC: '1',
      PAYMENT_POLL_SECONDS: '0.3',
      LOG_LEVEL: 'silent',
    },
  });
  customer = await server.createUser();
  [{ id: productId }] = await server.sql<{ id: string }>(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
     VALUES ('typed-id-isolation', 'Typed id isolation', 'crypto_keys', 'Test', 10, 'MANUAL', 1) RETURNING id`,
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await esplora?.close();
});

const place = async (transactionId?: string) => {
  const res = await server.gql(
    PLACE,
    { input: { productId, quantity: 1, email: customer.email, paymentMethod: 'BTC', transactionId } },
    customer,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder as { id: string; paymentAmountCrypto: string };
};

it('another customer’s payment is seen and confirmed while a typed ID fails to read on every poll', async () => {
  // Orders with the failing ID, due sooner than the honest one: each poll meets them first.
  for (let i = 0; i < 3; i++) await place(POISON);
  await eventually(() => poisonReads >= 3, 15_000, 'the typed ID read and failing');
  const honest = await place();
  esplora.send([{ address: TEST_ADDRESSES.BTC, sats: decimalToUnits(honest.paymentAmountCrypto, 8) }]);
  esplora.mine(1);
  await eventually(
    async () => {
      const [row] = await server.sql(`SELECT status FROM orders WHERE id = $1`, [honest.id]);
      return row.status === 'SUCCESS';
    },
    15_000,
    'the honest order paid',
  );
});
