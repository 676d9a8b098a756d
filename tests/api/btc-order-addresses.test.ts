/**
 * An address per Bitcoin order (BTC_XPUB, docs/payments.md "An address per Bitcoin order"): the store is started with
 * BIP-84's test account key (its addresses are the published test vectors) and reads an Esplora FIXTURE server
 * (tests/support/chain-fixtures/esplora-fixture.ts: Esplora's REST API shape, made-up transactions, no node). The poll
 * is run by the test (PAYMENT_POLL_SECONDS is an hour: the store polls once at start), so each test says when the
 * chain is read and counts the requests of one poll. Last, the store's single address among the key's (review 28).
 */
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { ChainPaymentService, OWN_ADDRESSES_PER_POLL } from '../../server/src/payments/chain-payment.service';
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { parseBtcXpub } from '../../server/src/payments/methods/btc/xpub';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../server/src/app-config';
import { OrderStatus, PaymentMethod } from '../../server/src/core/enums';
import { HeldQuotes } from '../../server/src/orders/held-quote.service';
import { DerivedAddresses } from '../../server/src/payments/derived-addresses.service';
import { PayableOrders } from '../../server/src/payments/payment-observer';
import type { TestServer, TestUser } from '../support/test-server';

/** BIP-84's account 0 and its first two receive addresses (bitcoin/bips, bip-0084.mediawiki "Test vectors"). */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST_RECEIVE = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const SECOND_RECEIVE = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
/** The store's single address, still configured (PAY_ADDRESS_BTC): with a key, new orders never get it. */
const SINGLE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const account = parseBtcXpub(ZPUB, { production: true });

const HOLD = `mutation ($productId: ID!) {
  holdQuote(productId: $productId, quantity: 1, paymentMethod: BTC) { id paymentAmountCrypto cryptoAddress paymentUri }
}`;
const PLACE = `mutation ($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id status paymentAmountCrypto cryptoAddress paymentUri }
}`;

let esplora: EsploraFixture;
let store: ChainStore;
let server: TestServer;
let productId: string;

beforeAll(async () => {
  esplora = await startEsploraFixture();
  store = await startChainStore({
    method: 'BTC',
    slug: 'btc-own-address-product',
    env: {
      BTC_API_URL: esplora.url,
      BTC_XPUB: ZPUB,
      PAY_ADDRESS_BTC: SINGLE,
      CONFIRMATIONS_BTC: '1',
      PAYMENT_POLL_SECONDS: '3600',
    },
  });
  ({ server } = store);
  [{ id: productId }] = await server.sql<{ id: string }>(
    `SELECT id FROM products WHERE slug = 'btc-own-address-product'`,
  );
}, 60_000);

afterAll(async () => {
  await store?.close();
  await esplora?.close();
});

const poll = () => server.app.container.get(ChainPaymentService).poll();

const GAPS = `{ addressGaps { method handedOut lastUsedIndex unusedInARow gapLimit overLimit } }`;
async function addressGaps() {
  const admin = await server.createUser({ admin: true });
  const res = await server.gql(GAPS, {}, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.addressGaps;
}

async function place(user: TestUser, extra: Record<string, unknown> = {}) {
  const res = await server.gql(
    PLACE,
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'BTC', ...extra } },
    { token: user.token },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder as { id: string; paymentAmountCrypto: string; cryptoAddress: string; paymentUri: string };
}

async function rowOf(orderId: string) {
  const [row] = await server.sql<{ address_index: number; crypto_address: string; amount: string; offset: number }>(
    `SELECT address_index, crypto_address, payment_amount_crypto::text AS amount, payment_offset AS offset
     FROM orders WHERE id = $1`,
    [orderId],
  );
  return row;
}

describe('BTC_XPUB: an address of its own for each order', () => {
  it('20 concurrent checkouts get 20 distinct consecutive addresses, each the quote itself (no offset)', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => server.createUser()));
    const orders = await Promise.all(users.map((user) => place(user)));
    const rows = await server.sql<{ address_index: number; crypto_address: string; amount: string; offset: number }>(
      `SELECT address_index, crypto_address, payment_amount_crypto::text AS amount, payment_offset AS offset
       FROM orders WHERE id = ANY ($1::uuid[]) ORDER BY address_index`,
      [orders.map((o) => o.id)],
    );
    expect(rows.map((r) => r.address_index)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(rows.map((r) => r.crypto_address)).toEqual(rows.map((r) => account.address(r.address_index)));
    // The BIP-84 test vectors: the first two receive addresses of account 0.
    expect(rows[0].crypto_address).toBe(FIRST_RECEIVE);
    expect(rows[1].crypto_address).toBe(SECOND_RECEIVE);
    expect(new Set(rows.map((r) => r.crypto_address)).size).toBe(20);
    // $10 at 50,000 USD per BTC: the quote, with nothing added.
    expect(rows.every((r) => r.amount === '0.00020000' && r.offset === 0)).toBe(true);
    // The customer reads their own address and amount (the QR's BIP-21 URI carries both).
    const first = orders.find((o) => o.cryptoAddress === FIRST_RECEIVE)!;
    expect(first.paymentUri).toBe(`bitcoin:${FIRST_RECEIVE}?amount=0.0002`);
    // Every address handed out is recorded once, and the key's counter stands at the next one.
    const [ledger] = await server.sql<{ addresses: number; distinct_addresses: number; next_index: number }>(
      `SELECT count(*)::int AS addresses, count(DISTINCT address)::int AS distinct_addresses,
              (SELECT next_index FROM derivation_counters) AS next_index FROM derived_addresses`,
    );
    expect(ledger).toEqual({ addresses: 20, distinct_addresses: 20, next_index: 20 });
    // 20 unused addresses in a row: exactly a wallet's gap limit, no warning yet.
    expect(await addressGaps()).toEqual([
      { method: 'BTC', handedOut: 20, lastUsedIndex: null, unusedInARow: 20, gapLimit: 20, overLimit: false },
    ]);
    await server.sql(`UPDATE orders SET status = $1 WHERE status = $2`, [OrderStatus.CANCELLED, OrderStatus.PENDING]);
  });

  it('never gives one address twice: the database refuses a second order at an order’s own address, or a second record of it', async () => {
    const user = await server.createUser();
    const order = await place(user);
    const { address_index: index, crypto_address: address } = await rowOf(order.id);
    await expect(
      server.sql(
        `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                             crypto_address, payment_amount_crypto, payment_offset, status, payment_due_at,
                             address_index)
         SELECT user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method, crypto_address,
                payment_amount_crypto + 0.00000001, 0, status, payment_due_at, address_index + 1000
         FROM orders WHERE id = $1`,
        [order.id],
      ),
    ).rejects.toThrow(/orders_own_address/);
    await expect(
      server.sql(
        `INSERT INTO derived_addresses (account, derivation_index, method, address)
                  SELECT account, derivation_index + 1000, method, address FROM derived_addresses WHERE address = $1`,
        [address],
      ),
    ).rejects.toThrow(/derived_addresses_address_key/);
    expect(index).toBe(20);
    await server.sql(`UPDATE orders SET status = $1 WHERE id = $2`, [OrderStatus.CANCELLED, order.id]);
  });

  it('a held quote hands out the address its order gets; an expired unused quote’s address is skipped, never reused', async () => {
    const [buyer, walker] = [await server.createUser(), await server.createUser()];
    const held = (await server.gql(HOLD, { productId }, { token: buyer.token })).data!.holdQuote;
    expect(held.cryptoAddress).toBe(account.address(21));
    expect(held.paymentAmountCrypto).toBe('0.00020000');
    // The same purchase asked again (a reload) gets the same quote and address.
    const again = (await server.gql(HOLD, { productId }, { token: buyer.token })).data!.holdQuote;
    expect(again).toEqual(held);

    const abandoned = (await server.gql(HOLD, { productId }, { token: walker.token })).data!.holdQuote;
    expect(abandoned.cryptoAddress).toBe(account.address(22));
    await server.sql(`UPDATE held_quotes SET expires_at = now() - interval '2 hours' WHERE id = $1`, [abandoned.id]);
    await server.app.container.get(HeldQuotes).sweep();

    const order = await place(buyer, { quoteId: held.id });
    expect(order.cryptoAddress).toBe(held.cryptoAddress);
    expect(await rowOf(order.id)).toMatchObject({ address_index: 21, amount: '0.00020000', offset: 0 });
    const next = await place(walker);
    expect(await rowOf(next.id)).toMatchObject({ address_index: 23, crypto_address: account.address(23) });
    await server.sql(`UPDATE orders SET status = $1 WHERE status = $2`, [OrderStatus.CANCELLED, OrderStatus.PENDING]);
  });

  it('a payment to one order’s address pays that order only, even of the amount another order asks for', async () => {
    const [alice, bob] = [await server.createUser(), await server.createUser()];
    const a = await place(alice);
    const b = await place(bob);
    expect(a.paymentAmountCrypto).toBe(b.paymentAmountCrypto);
    // Bob's exact amount to Bob's address, then a different amount to Alice's.
    const toBob = esplora.send([{ address: b.cryptoAddress, sats: decimalToUnits('0.0002', 8) }]);
    const toAlice = esplora.send([{ address: a.cryptoAddress, sats: 25_000n }]);
    esplora.mine(1);
    await poll();
    const payments = await server.sql<{ tx_id: string; order_id: string; to_address: string }>(
      `SELECT tx_id, order_id, to_address FROM chain_payments WHERE tx_id = ANY ($1) ORDER BY tx_id = $2 DESC`,
      [[toBob, toAlice], toBob],
    );
    expect(payments).toEqual([
      { tx_id: toBob, order_id: b.id, to_address: b.cryptoAddress },
      { tx_id: toAlice, order_id: a.id, to_address: a.cryptoAddress },
    ]);
    const paid = await store.orderWhen(b.id, (o) => o.status === 'SUCCESS', 'SUCCESS', bob);
    expect(paid.paymentIssue).toBeNull();
    // Alice's payment is hers, over her amount, as any over-payment (not another order's, not unattributed).
    const over = await store.orderWhen(a.id, (o) => o.paymentIssueKind === 'OVERPAID', 'OVERPAID', alice);
    expect(over.payment).toMatchObject({ txId: toAlice, amount: '0.00025' });
    expect(over.status).toBe('SUCCESS');
    await server.sql(`UPDATE orders SET status = $1 WHERE status = $2`, [OrderStatus.CANCELLED, OrderStatus.PENDING]);
  });

  it('warns the admin when more than 20 addresses in a row received nothing (a wallet’s gap limit)', async () => {
    // Handed out: 0-19 (the race), 20 (one order), 21-23 (quotes, one abandoned), 24 and 25 (Alice and Bob, both
    // paid). 0-23 received nothing: 24 in a row before the first paid one.
    const [alice, bob] = await server.sql<{ index: number }>(
      `SELECT d.derivation_index AS index FROM derived_addresses d
       WHERE EXISTS (SELECT 1 FROM chain_payments c WHERE c.to_address = d.address) ORDER BY 1`,
    );
    expect([alice.index, bob.index]).toEqual([24, 25]);
    expect(await addressGaps()).toEqual([
      { method: 'BTC', handedOut: 26, lastUsedIndex: 25, unusedInARow: 24, gapLimit: 20, overLimit: true },
    ]);
    // The Overview reads it as staff who may read orders; a customer is refused.
    const customer = await server.gql(GAPS, {}, { token: store.customer.token });
    expect(customer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it(`reads at most ${OWN_ADDRESSES_PER_POLL} addresses a poll with 1,000 open orders, each in turn`, async () => {
    // Only these orders await payments: the earlier tests' ended long ago.
    await server.sql(`UPDATE orders SET status = $1, payment_due_at = now() - interval '30 days'`, [
      OrderStatus.CANCELLED,
    ]);
    await server.sql(`DELETE FROM held_quotes WHERE order_id IS NULL`);
    /** The requests one poll makes. */
    const requestsOfPoll = async () => {
      const before = esplora.requests;
      const [report] = await poll();
      expect(report.error).toBeUndefined();
      return esplora.requests - before;
    };
    // What a poll asks with no order awaiting a payment: the tip, and the re-reads of payments on record.
    const idle = await requestsOfPoll();
    const user = await server.createUser();
    const template = await place(user);
    // 999 more open orders, each at an address of its own (indexes far above the counter's, made up for the test).
    const addresses = Array.from({ length: 999 }, (_, i) => account.address(100_000 + i));
    await server.sql(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                           crypto_address, payment_amount_crypto, payment_offset, status, payment_due_at, address_index)
       SELECT o.user_id, o.product_id, o.contact_email, 1, o.unit_price, o.total_price, o.payment_method, a.address,
              o.payment_amount_crypto, 0, o.status, o.payment_due_at, a.index
       FROM orders o, unnest($2::text[], $3::int[]) a (address, index) WHERE o.id = $1`,
      [template.id, addresses, addresses.map((_, i) => 100_000 + i)],
    );
    // One page per address read, 50 a poll, however many orders are open.
    const polls = [await requestsOfPoll(), await requestsOfPoll(), await requestsOfPoll()];
    expect(polls).toEqual([1, 2, 3].map(() => idle + OWN_ADDRESSES_PER_POLL));
    // Each poll read addresses the ones before had not: 150 distinct places recorded after three polls.
    const [{ read }] = await server.sql<{ read: number }>(
      `SELECT count(*)::int AS read FROM chain_watch_positions WHERE address = ANY ($1)`,
      [[...addresses, template.cryptoAddress]],
    );
    expect(read).toBe(3 * OWN_ADDRESSES_PER_POLL);
    // Ended (within LATE_PAYMENT_DAYS), they are still read for a late payment, but each at most every 10 minutes. As
    // if all had been read a minute ago, 60 of them 11 minutes ago: the next poll reads 50 of those 60, the one after
    // the other 10.
    await server.sql(`UPDATE orders SET status = $1 WHERE status = $2`, [OrderStatus.CANCELLED, OrderStatus.PENDING]);
    await server.sql(
      `INSERT INTO chain_watch_positions (method, address, position, updated_at)
       SELECT 'BTC', a.address, 0, now() - CASE WHEN a.n <= 60 THEN interval '11 minutes' ELSE interval '1 minute' END
       FROM unnest($1::text[]) WITH ORDINALITY a (address, n)
       ON CONFLICT (method, address) DO UPDATE SET updated_at = excluded.updated_at`,
      [[...addresses, template.cryptoAddress]],
    );
    expect(await requestsOfPoll()).toBe(idle + OWN_ADDRESSES_PER_POLL);
    expect(await requestsOfPoll()).toBe(idle + 10);
    expect(await requestsOfPoll()).toBe(idle);
  });

  it('a payment to a held quote’s address, sent before its order is placed, is that order’s once placed', async () => {
    const user = await server.createUser();
    const held = (await server.gql(HOLD, { productId }, { token: user.token })).data!.holdQuote;
    // The spec's flow: step 2 shows the address, the customer pays, then presses "I've Sent the Payment".
    const txId = esplora.send([{ address: held.cryptoAddress, sats: 20_000n }]);
    esplora.mine(1);
    await poll();
    const [seen] = await server.sql<{ order_id: string | null }>(
      `SELECT order_id FROM chain_payments WHERE tx_id = $1`,
      [txId],
    );
    expect(seen).toEqual({ order_id: null });
    const order = await place(user, { quoteId: held.id });
    expect(order.cryptoAddress).toBe(held.cryptoAddress);
    const paid = await store.orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS', user);
    expect(paid.payment).toMatchObject({ txId, amount: '0.0002' });
  });
});

describe('the store’s single address is never an order’s own (review 28)', () => {
  it('skips an index whose address orders were given as the single address: their payments stay theirs', async () => {
    const [legacyUser, user] = [await server.createUser(), await server.createUser()];
    // An order placed with the store's single address (PAY_ADDRESS_BTC, since changed), which is the key's next
    // address: a seller often sets it to the wallet's first receive address before giving its key.
    const legacy = await place(legacyUser);
    const index = (await rowOf(legacy.id)).address_index;
    const taken = account.address(index + 1);
    await server.sql(
      `UPDATE orders SET address_index = NULL, crypto_address = $2, payment_amount_crypto = 0.00020007, payment_offset = 7
       WHERE id = $1`,
      [legacy.id, taken],
    );
    // The next order skips that index (recorded as used up) and gets the one after.
    const next = await place(user);
    expect(await rowOf(next.id)).toMatchObject({
      address_index: index + 2,
      crypto_address: account.address(index + 2),
    });
    expect(
      await server.sql(`SELECT derivation_index, address FROM derived_addresses WHERE derivation_index = $1`, [
        index + 1,
      ]),
    ).toEqual([{ derivation_index: index + 1, address: taken }]);
    // The legacy customer pays their unique amount to the address they were shown: no other order takes it.
    const txId = esplora.send([{ address: taken, sats: 20_007n }]);
    esplora.mine(1);
    await poll();
    expect(
      await server.sql(`SELECT tx_id FROM chain_payments WHERE tx_id = $1 AND order_id = $2`, [txId, next.id]),
    ).toEqual([]);
    expect((await store.readOrder(next.id, user)).status).toBe('PENDING');
    await server.sql(`UPDATE orders SET status = $1 WHERE status = $2`, [OrderStatus.CANCELLED, OrderStatus.PENDING]);
  });

  it('skips the index whose address is PAY_ADDRESS_BTC', async () => {
    const db = server.app.container.get(DataSource);
    const config = server.app.container.get(AppConfig);
    const [{ next }] = await server.sql<{ next: number }>(`SELECT next_index AS next FROM derivation_counters`);
    // The same service with PAY_ADDRESS_BTC set to the key's next address (the store's own is another address).
    const withSingle = {
      ...config,
      paymentMethods: {
        ...config.paymentMethods,
        BTC: { ...config.paymentMethods.BTC, address: account.address(next).toUpperCase() },
      },
    } as AppConfig;
    const derived = new DerivedAddresses(db, withSingle, server.app.container.get(PayableOrders));
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      expect(await derived.next(runner.manager, PaymentMethod.BTC)).toEqual({
        index: next + 1,
        address: account.address(next + 1),
      });
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
