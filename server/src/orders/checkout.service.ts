import { ipCounterKey } from '../abuse/ip-address';
import { BlockRuleService } from '../abuse/block-rule.service';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ORDER_PLACED_NOTE } from '../../../common/labels';
import {
  checkoutDetailsSchema,
  checkoutPaymentSchema,
  idempotencyKeySchema,
  MESSAGES,
} from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { ProductService } from '../catalogue/product.service';
import { Service } from '../container';
import { hydrate } from '../db/hydrate';
import { sqlEnum } from '../db/sql-enum';
import { FileQuotaExceededError, FileStore } from '../files/file-store';
import { discardUpload } from '../files/upload-reader';
import { ActorKind, OrderStatus, PaymentMethod } from '../core/enums';
import { RateLimitService, type RateLimitKey } from '../accounts/rate-limit.service';
import { AppConfig } from '../app-config';
import { CaptchaService, type CaptchaGate } from '../captcha/captcha.service';
import { InputError, parseInput, ProductUnavailableError, RateLimitedError } from '../core/errors';
import { recordEventSql } from '../core/domain-events';
import { EventBus } from '../core/event-bus';
import { logger } from '../core/logger';
import type { UploadValue } from '../files/upload-value';
import { fulfilmentHandler } from '../fulfilment';
import { keysReservedNote, OrderKeys, reserveKeysSql } from '../inventory/order-keys.service';
import { ChainPaymentService } from '../payments/chain-payment.service';
import { DerivedAddresses, type OwnAddress } from '../payments/derived-addresses.service';
import { PaymentMethodService } from '../payments/payment-method.service';
import { lockAmounts, uniqueAmountSql } from './unique-amount';
import { HeldQuotes, type HeldQuote } from './held-quote.service';
import { KeyReservations } from './key-reservation.service';
import { Order } from './order.entity';
import { orderChangeEvents } from './order-topics';
import type { PlaceOrderInput } from './order.inputs';
import { readPaymentProof, type PaymentProof } from './payment-proof';

/**
 * Checkout steps 1 and 2 (docs/product.md "Input rules") plus the idempotency key, checked together so every field
 * error is reported.
 */
const placeOrderSchema = z.object({
  ...checkoutDetailsSchema.shape,
  ...checkoutPaymentSchema.shape,
  idempotencyKey: idempotencyKeySchema.nullable(),
});

/** Thrown inside the transaction when a concurrent request with the same key committed first. */
class IdempotentReplay extends Error {}

/** Past MAX_UNPAID_KEYS_PER_ACCOUNT: BAD_USER_INPUT on `quantity`, saying how many more can be ordered now. */
class UnpaidKeysCapError extends InputError {
  constructor(held: number, limit: number) {
    super([{ field: 'quantity', message: MESSAGES.unpaidKeysLimit(held, limit) }]);
  }
}

/**
 * Places orders (submitting step 2 creates a PENDING order, docs/order-lifecycle.md "Who may move an order where"; one
 * transaction, docs/architecture.md "Checkout in one transaction").
 *
 * Order of checks: the input's rules → the payment method → the product and quantity → the CAPTCHA's solution, when one
 * is sent (server/src/captcha) → the proof's size and bytes. The proof is read completely before a database connection
 * is taken, so a slow upload never holds one. Then one transaction counts the order against the limits, stores the
 * proof, inserts the order and its first audit event and queues the `order:<id>` and `orders` notifications, which
 * PostgreSQL delivers only on commit: a failure anywhere leaves no order, no file, no event and no count.
 *
 * Abuse limits (each order may store a 5 MB proof and accounts are free): ORDER_RATE_LIMIT orders per
 * user per hour, PROOF_ORDER_RATE_LIMIT_PER_IP orders with a proof per IP per hour, and at most
 * PROOF_STORAGE_PER_USER_MB of stored proofs per user (ProofRetentionService frees the proofs of
 * orders that ended unpaid). The counters are bumped inside the transaction, so only an order that
 * is placed counts: concurrent retries of one key count once. Their rows stay locked until commit,
 * so one user's checkouts (and one IP's checkouts with a proof) run one after another; that is also
 * what lets the storage check, part of the proof's insert, see every proof committed before it.
 *
 * Idempotency: the same user with the same `idempotencyKey` gets the first order back, whatever the
 * repeat contains (a repeat is a retry; the first order is what the customer was shown). A repeat
 * after the first committed is answered before any other check; concurrent repeats meet at the unique
 * index `orders_user_idempotency_key`: ON CONFLICT DO NOTHING makes each wait for the first to commit,
 * then insert nothing, roll back (its file and its counts with it) and return the winner's order.
 *
 * Round trips cost more than anything else here (each wakes a PostgreSQL backend), so the early
 * product check reads the catalogue cache and the transaction is seven statements: the counters, the
 * product FOR SHARE (authoritative), the proof, the notifications, the lock on the method's amounts, the order with its
 * amount, event and licence keys, COMMIT.
 *
 * The amount to send is the quote plus the smallest free per-order offset (docs/payments.md "Unique amounts"), chosen
 * in the order's own statement, under a lock on that method's amounts (`lockAmounts`); the unique index
 * `orders_open_payment_amount` is the backstop in the database. With BTC_XPUB a BTC order gets an address of its own
 * instead (DerivedAddresses, one more statement) and its amount is the quote itself; `orders_own_address` is the
 * backstop.
 *
 * Licence keys (products stocked by keys, docs/inventory.md "Reservation"): the order's statement reserves exactly
 * `quantity` available keys (`FOR UPDATE SKIP LOCKED`) and writes the reservation into the order's history; fewer
 * free keys than that rolls the whole order back with PRODUCT_UNAVAILABLE 'Only N left in stock'.
 */
@Service()
export class CheckoutService {
  constructor(
    private readonly db: DataSource,
    private readonly products: ProductService,
    private readonly paymentMethods: PaymentMethodService,
    private readonly files: FileStore,
    private readonly bus: EventBus,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
    private readonly orderKeys: OrderKeys,
    private readonly chainPayments: ChainPaymentService,
    private readonly blockRules: BlockRuleService,
    private readonly reservations: KeyReservations,
    private readonly captcha: CaptchaService,
    private readonly heldQuotes: HeldQuotes,
    private readonly derivedAddresses: DerivedAddresses,
  ) {}

  /**
   * `ip` is the client's address, for the per-IP limits and the block rules. A blocked account is refused (FORBIDDEN)
   * before this runs, as for every signed-in mutation: an access token issued before the block orders nothing.
   */
  async placeOrder(
    user: AuthUser,
    input: PlaceOrderInput,
    proofUpload: UploadValue | null | undefined,
    ip: string,
  ): Promise<Order> {
    let proof: PaymentProof | null = null;
    let proofConsumed = false;
    try {
      const details = parseInput(placeOrderSchema, {
        productId: input.productId ?? '',
        quantity: input.quantity ?? undefined,
        domainName: input.domainName ?? undefined,
        email: input.email ?? '',
        transactionId: input.transactionId ?? undefined,
        idempotencyKey: input.idempotencyKey ?? null,
      });

      // Block rules on the client's IP and the contact e-mail from memory, before any query; the account's e-mail
      // once the placer is read. A blocked retry gets no earlier order either, as for a blocked account.
      await this.blockRules.assertAllowed({ ip, emails: [details.email] }, 'checkout');
      // A retry of an order that already exists returns it before anything that may have changed since
      // (stock, configured methods) could refuse the retry.
      // A blocked account never gets here: every signed-in mutation is refused for it (graphql/auth-checker.ts).
      const placer = await this.placer(user.id, details.idempotencyKey);
      await this.blockRules.assertAllowed({ emails: [placer.email] }, 'checkout');
      if (placer.earlierOrder) return placer.earlierOrder;
      // After the retry above, whose solution the first try may have used; before the proof is read.
      const captcha = this.captcha.gate('checkout', ip, input.captcha);
      this.paymentMethods.assertAvailable(input.paymentMethod);
      // The store's single address; null when each order gets its own (BTC_XPUB: handed out in the order's transaction).
      const cryptoAddress = this.paymentMethods.addressFor(input.paymentMethod);
      const { quote: price } = await this.products.getPurchasable(details.productId, details.quantity);
      // The amount step 2 showed (docs/payments.md "The quote lock"); a repeated submit gets the order it made.
      let heldQuote: HeldQuote | null = null;
      if (input.quoteId) {
        const usable = await this.heldQuotes.usable(user, input.quoteId, {
          productId: details.productId,
          quantity: details.quantity,
          paymentMethod: input.paymentMethod,
          totalCents: price.totalCents,
        });
        if (usable.earlierOrderId)
          return await this.db.getRepository(Order).findOneByOrFail({ id: usable.earlierOrderId });
        heldQuote = usable.quote;
      }
      await captcha.redeem();

      if (proofUpload) {
        proofConsumed = true;
        proof = await readPaymentProof(proofUpload);
      }

      return await this.createOrder(
        user,
        { ...details, paymentMethod: input.paymentMethod, cryptoAddress: heldQuote?.cryptoAddress ?? cryptoAddress },
        heldQuote,
        proof,
        ip,
        captcha,
      );
    } finally {
      if (!proofConsumed) discardUpload(proofUpload);
    }
  }

  private async createOrder(
    user: AuthUser,
    details: z.output<typeof placeOrderSchema> & { paymentMethod: PaymentMethod; cryptoAddress: string | null },
    heldQuote: HeldQuote | null,
    proof: PaymentProof | null,
    ip: string,
    captcha: CaptchaGate,
  ): Promise<Order> {
    const key = details.idempotencyKey;
    const counters: RateLimitKey[] = [
      { key: `order:user:${user.id}`, limit: this.config.orderRateLimit },
      ...captcha.counters,
    ];
    if (proof)
      counters.push({ key: `proof-order:ip:${ipCounterKey(ip)}`, limit: this.config.proofOrderRateLimitPerIp });
    let keysToReserve = 0;
    try {
      const order = await this.db.transaction(async (manager) => {
        // First: the counter rows it locks keep this user's checkouts in line until commit.
        // CAPTCHA=adaptive: this IP's orders, counted above, past the threshold need a solution (rolled back if not).
        captcha.afterCount(await this.rateLimits.hitEach(counters, manager));
        const { product, quote } = await this.products.getPurchasable(details.productId, details.quantity, manager);
        // The held quote's price, else the rate now (PAYMENT_METHOD_UNAVAILABLE without one: never a guessed price).
        const priced = heldQuote
          ? { amount: heldQuote.paymentAmountCrypto, rate: heldQuote.rate }
          : this.paymentMethods.price(quote.totalCents, details.paymentMethod);
        const quoteExpiresAt = heldQuote?.expiresAt ?? new Date(Date.now() + this.config.rateLockMinutes * 60_000);
        keysToReserve = fulfilmentHandler(product.fulfilment).keysReservedAtCheckout(details.quantity);

        const orderId = randomUUID();
        const file = proof
          ? await this.files.save(manager, {
              ownerId: user.id,
              kind: 'payment_proof',
              filename: `${orderId}.${proof.extension}`,
              mime: proof.mime,
              bytes: proof.bytes,
              quotaBytes: this.config.proofStoragePerUserBytes,
            })
          : null;
        // Notifications are sent on commit only, so they may be queued before the order is written.
        await this.bus.publish(orderChangeEvents(orderId), manager);
        const paymentDueAt = new Date(Date.now() + this.config.paymentWindowHours * 3_600_000);
        // An address of its own (docs/payments.md "An address per Bitcoin order"): its held quote's, else the next one
        // of the key (the counter's row lock keeps concurrent checkouts in line; a rollback gives the index back). Its
        // amount is the quote itself, and nobody else's amounts are at it: no lock on them.
        const own: OwnAddress | null = heldQuote
          ? heldQuote.addressIndex === null
            ? null
            : { address: heldQuote.cryptoAddress, index: heldQuote.addressIndex }
          : this.paymentMethods.derivesAddresses(details.paymentMethod)
            ? await this.derivedAddresses.next(manager, details.paymentMethod)
            : null;
        const cryptoAddress = own?.address ?? (details.cryptoAddress as string);
        if (!own) await lockAmounts(manager, details.paymentMethod, cryptoAddress);

        // The order, its first audit event and its domain event (order.created) in one statement, last: the
        // insert locks its status row of order_counts until commit, so nothing else should run in between.
        // The keys this account's unpaid orders hold are counted in the same statement: the counter rows locked above
        // keep the account's checkouts in line, so two of them cannot both pass the cap (MAX_UNPAID_KEYS_PER_ACCOUNT).
        const rows: Record<string, unknown>[] = await manager.query(
          `WITH held AS (
             SELECT coalesce(sum(quantity), 0)::int AS keys FROM orders
             WHERE user_id = $2 AND status = $14 AND keys_reserved_until IS NOT NULL
           ), amount AS (
             ${uniqueAmountSql({ method: '$9', address: '$10', quoted: '$11', unit: '$20', lateDays: '$21', heldQuote: '$24', ownAddress: '$29::int IS NOT NULL' })}
           ), placed AS (
             INSERT INTO orders (id, user_id, product_id, contact_email, domain_name, quantity, unit_price, total_price,
                                 payment_method, crypto_address, payment_amount_crypto, payment_offset, transaction_id,
                                 payment_proof_file_id, status, idempotency_key, payment_due_at, keys_reserved_until,
                                 rate_usd, rate_source, rate_fetched_at, quote_expires_at, payable_from, address_index)
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, amount.value, amount.offset_units, $12, $13, $14, $15, $17,
                    CASE WHEN $18 > 0 THEN $22::timestamptz END, $25, $26, $27, $28, amount.held_at, $29
             FROM amount, held WHERE $18 = 0 OR held.keys + $18 <= $23
             ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
             RETURNING *
           ), used_quote AS (
             -- Once: a concurrent order with the same quote waits here for the first to commit, then takes nothing.
             UPDATE held_quotes SET order_id = placed.id FROM placed
             WHERE held_quotes.id = $24::uuid AND held_quotes.order_id IS NULL
             RETURNING held_quotes.id
           ), first_event AS (
             INSERT INTO order_events (order_id, actor_id, actor_kind, from_status, to_status, note)
             SELECT id, user_id, ${sqlEnum(ActorKind.CUSTOMER)}, NULL, status, $16 FROM placed
             RETURNING id
           ), created AS (
             ${recordEventSql('order.created', `jsonb_build_object('orderId', id)`, 'placed')}
           ), reserved AS (
             ${reserveKeysSql('placed', 'placed.id', '$3', '$18')}
           ), reservation_note AS (
             INSERT INTO order_events (order_id, actor_id, actor_kind, from_status, to_status, note)
             -- Read from first_event so it is written after it: the history lists it second.
             SELECT placed.id, user_id, ${sqlEnum(ActorKind.CUSTOMER)}, status, status, $19 FROM placed, first_event WHERE $18 > 0
           )
           SELECT held.keys AS keys_held, placed.*, (SELECT count(*)::int FROM reserved) AS keys_reserved,
                  (SELECT count(*)::int FROM used_quote) AS quote_used
           FROM held LEFT JOIN placed ON true`,
          [
            orderId,
            user.id,
            product.id,
            details.email,
            details.domainName,
            details.quantity,
            quote.unitPrice.toFixed(2),
            (quote.totalCents / 100).toFixed(2),
            details.paymentMethod,
            cryptoAddress,
            priced.amount,
            details.transactionId,
            file?.id ?? null,
            OrderStatus.PENDING,
            key,
            ORDER_PLACED_NOTE,
            paymentDueAt,
            keysToReserve,
            keysReservedNote(keysToReserve),
            this.paymentMethods.smallestUnit(details.paymentMethod),
            this.config.chains.latePaymentDays,
            this.reservations.holdUntil(),
            this.config.maxUnpaidKeysPerAccount,
            heldQuote?.id ?? null,
            priced.rate.usd,
            priced.rate.source,
            priced.rate.fetchedAt,
            quoteExpiresAt,
            own?.index ?? null,
          ],
        );
        const { keys_held: keysHeld, quote_used: quoteUsed, ...placed } = rows[0];
        if (!placed.id) {
          if (keysToReserve > 0 && (keysHeld as number) + keysToReserve > this.config.maxUnpaidKeysPerAccount) {
            throw new UnpaidKeysCapError(keysHeld as number, this.config.maxUnpaidKeysPerAccount);
          }
          // A concurrent request with the same key, or with the same held quote, committed first: roll back (this file
          // with it) and answer with that order.
          throw new IdempotentReplay();
        }
        // Belt and braces: the amount comes from the quote only while no order has used it.
        if (heldQuote && quoteUsed === 0) throw new IdempotentReplay();
        const reservedKeys = placed.keys_reserved as number;
        if (reservedKeys < keysToReserve) {
          // All or nothing: throwing rolls back the order, its file and the keys it did take.
          throw new ProductUnavailableError(
            reservedKeys === 0 ? MESSAGES.outOfStockOnSubmit : MESSAGES.onlyLeftInStock(reservedKeys),
          );
        }
        const order = hydrate(manager, Order, placed);
        if (order.transactionId) await this.chainPayments.queueCheck(order, manager);
        return order;
      });
      logger.info({ orderId: order.id, userId: user.id }, 'Order placed');
      // Paid before it was placed (step 2 showed the held amount): the payment may already be on record.
      if (heldQuote) await this.chainPayments.claimSeen(order);
      if (keysToReserve > 0) {
        // After commit, so the count sees every committed checkout; not awaited: the customer need not wait for it.
        void this.orderKeys.announceStock(details.productId, { always: false }).catch((error: unknown) => {
          logger.warn({ err: error, productId: details.productId }, 'Key stock announcement failed');
        });
      }
      return order;
    } catch (error) {
      // A concurrent request with the same key won (a retry the counters saw after the winner's count
      // is refused by them, but it is still a retry): answer with the winner's order.
      // A retry at the unpaid-keys cap may be one too: the winner's own keys are what the cap counted.
      const maybeRetry =
        error instanceof IdempotentReplay || error instanceof RateLimitedError || error instanceof UnpaidKeysCapError;
      if (maybeRetry && key) {
        const winner = await this.findByKey(user.id, key);
        if (winner) return winner;
      }
      // Another submit with this held quote placed the order (a second tab, a double click): that order is the answer.
      if (error instanceof IdempotentReplay && heldQuote) {
        const { earlierOrderId } = await this.heldQuotes.usable(user, heldQuote.id, heldQuote);
        if (earlierOrderId) return this.db.getRepository(Order).findOneByOrFail({ id: earlierOrderId });
      }
      if (error instanceof FileQuotaExceededError) throw InputError.field('proof', MESSAGES.proofStorageFull);
      throw error;
    }
  }

  /**
   * Who is placing the order, in one statement: their e-mail (for the block rules) and their earlier order with this
   * idempotency key, if any.
   */
  private async placer(
    userId: string,
    key: string | null,
  ): Promise<{ email: string | null; earlierOrder: Order | null }> {
    const [row]: Record<string, unknown>[] = await this.db.query(
      `SELECT (SELECT email FROM users WHERE id = $1) AS placer_email, o.*
       FROM (SELECT 1) one LEFT JOIN orders o ON o.user_id = $1 AND o.idempotency_key = $2`,
      [userId, key],
    );
    const { placer_email: email, ...order } = row;
    return {
      email: (email as string | null) ?? null,
      earlierOrder: order.id ? hydrate(this.db.manager, Order, order) : null,
    };
  }

  private findByKey(userId: string, key: string): Promise<Order | null> {
    return this.db.getRepository(Order).findOneBy({ userId, idempotencyKey: key });
  }
}
