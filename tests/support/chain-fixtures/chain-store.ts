/**
 * What the chain-payment API tests (ETH on anvil, TRON and BTC on their fixture servers) share: a test store reading
 * one chain, a $10 product sold by hand (MANUAL, so a confirmed order stays at SUCCESS where a test can see it), two
 * customers, and the calls a customer makes about an order's payment.
 */
import { eventually } from '../eventually';
import { startTestServer, type TestServer, type TestUser } from '../test-server';

export const CANCEL = `mutation ($id: ID!) { cancelOrder(orderId: $id) { id status } }`;
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id status paymentAmountCrypto } }`;
const SUBMIT_TX = `mutation ($id: ID!, $tx: String!) { submitTransactionId(orderId: $id, transactionId: $tx) { id transactionId } }`;
const ORDER = `query ($id: ID!) {
  order(id: $id) {
    id status paymentAmountCrypto paymentIssue paymentIssueKind
    payment { txId amount confirmations requiredConfirmations detectedAt confirmedAt status explorerUrl }
    events { actorKind toStatus note reason }
  }
}`;

export interface OrderEvent {
  actorKind: string;
  toStatus: string;
  note: string | null;
  reason: string | null;
}

export interface PlacedOrder {
  id: string;
  status: string;
  paymentAmountCrypto: string;
}

export interface ChainStore {
  server: TestServer;
  customer: TestUser;
  other: TestUser;
  /**
   * Places an order of one $10 product (the customer's unless `user` is given), in the store's method unless `method`
   * is given (a store may have two methods on one chain, ETH and USDT_ERC20).
   */
  placeOrder(user?: TestUser, method?: ChainMethod): Promise<PlacedOrder>;
  /** The order as its owner reads it, with its payment, issue and history. */
  readOrder(id: string, user?: TestUser): Promise<any>;
  submitTx(orderId: string, tx: string, user?: TestUser): ReturnType<TestServer['gql']>;
  /** The order once `test` holds for it (within 15 s). */
  orderWhen(id: string, test: (order: any) => unknown, what: string, user?: TestUser): Promise<any>;
  /** Resolves once the watcher has recorded transaction `txId` as no order's payment (within 15 s). */
  recordedAsNoOrders(txId: string): Promise<void>;
  close(): Promise<void>;
}

/** The methods read from a chain. */
export type ChainMethod = 'ETH' | 'USDT_TRC20' | 'BTC' | 'USDT_ERC20';

export async function startChainStore(options: {
  method: ChainMethod;
  /** The product's slug (one per test file). */
  slug: string;
  env: Record<string, string>;
}): Promise<ChainStore> {
  const server = await startTestServer({ env: { PAYMENT_POLL_SECONDS: '0.3', LOG_LEVEL: 'silent', ...options.env } });
  const [customer, other] = await Promise.all([server.createUser(), server.createUser()]);
  const [{ id: productId }] = await server.sql<{ id: string }>(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
     VALUES ($1, $1, 'crypto_keys', 'Test', 10, 'MANUAL', 1) RETURNING id`,
    [options.slug],
  );

  const readOrder = async (id: string, user: TestUser = customer) => {
    const res = await server.gql(ORDER, { id }, { token: user.token });
    expect(res.errors).toBeUndefined();
    return res.data!.order;
  };

  return {
    server,
    customer,
    other,
    async placeOrder(user = customer, method = options.method) {
      const res = await server.gql(
        PLACE_ORDER,
        { input: { productId, quantity: 1, email: user.email, paymentMethod: method } },
        { token: user.token },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.placeOrder as PlacedOrder;
    },
    readOrder,
    submitTx: (orderId, tx, user = customer) => server.gql(SUBMIT_TX, { id: orderId, tx }, { token: user.token }),
    recordedAsNoOrders: async (txId) => {
      await eventually(
        async () =>
          (await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1 AND order_id IS NULL`, [txId])).length > 0,
        15_000,
        "the payment recorded as no order's",
      );
    },
    orderWhen: async (id, test, what, user = customer) => {
      let last: unknown;
      try {
        return await eventually(
          async () => {
            last = await readOrder(id, user);
            return test(last) ? last : false;
          },
          15_000,
          what,
        );
      } catch (error) {
        // What the order looked like instead, so that a timeout says where the flow stopped.
        const seen = last as { status?: string; paymentIssueKind?: string; payment?: unknown } | undefined;
        const payments = await server.sql(
          `SELECT tx_id, order_id, matched_by, status, confirmations, amount FROM chain_payments
           WHERE order_id = $1 OR tx_id = (SELECT transaction_id FROM orders WHERE id = $1)`,
          [id],
        );
        throw new Error(
          `${(error as Error).message}; the order was ${JSON.stringify({ status: seen?.status, paymentIssueKind: seen?.paymentIssueKind, payment: seen?.payment })}, its payments ${JSON.stringify(payments)}`,
        );
      }
    },
    close: () => server.close(),
  };
}
