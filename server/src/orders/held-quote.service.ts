import { z } from 'zod';
import { DataSource, type EntityManager } from 'typeorm';
import { paymentMethodFacts } from '../../../common/payment-methods';
import { MESSAGES } from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { AppConfig } from '../app-config';
import { ProductService } from '../catalogue/product.service';
import { Service } from '../container';
import type { PaymentMethod } from '../core/enums';
import { InputError, RateLimitedError } from '../core/errors';
import { BlockRuleService } from '../abuse/block-rule.service';
import { RateLimitService } from '../accounts/rate-limit.service';
import { ChainPaymentService } from '../payments/chain-payment.service';
import { defineJob } from '../core/job-definition';
import { logger } from '../core/logger';
import { DerivedAddresses } from '../payments/derived-addresses.service';
import { PaymentMethodService, type PricedAmount } from '../payments/payment-method.service';
import { HELD_QUOTE_GRACE, lockAmounts, uniqueAmountSql } from './unique-amount';

/** A held quote (table `held_quotes`): the exact amount and address step 2 of checkout shows, until `expiresAt`. */
export interface HeldQuote {
  id: string;
  userId: string;
  productId: string;
  quantity: number;
  totalCents: number;
  paymentMethod: PaymentMethod;
  cryptoAddress: string;
  /** The index of its own address (BTC_XPUB); null: the store's single address. */
  addressIndex: number | null;
  paymentAmountCrypto: string;
  paymentOffset: number;
  rate: PricedAmount['rate'];
  createdAt: Date;
  expiresAt: Date;
  orderId: string | null;
}

/**
 * Live quotes one account holds at once, at most (the same purchase asked again reuses its quote, so a customer going
 * back and forth between methods stays well under it); past it, holding another waits for the oldest to expire. A
 * quote is never deleted before its end: it may have been paid already.
 */
const HELD_PER_ACCOUNT = 10;
/** Quotes one account may hold per hour (each takes the amounts lock of its method for a moment). */
const HOLDS_PER_HOUR = 60;
/** A quote this close to its end is not handed out again: the customer gets a fresh one with a full lock. */
const REUSE_MIN_REMAINING_MS = 5 * 60_000;

function fromRow(row: Record<string, unknown>): HeldQuote {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    productId: row.product_id as string,
    quantity: row.quantity as number,
    totalCents: Number(row.total_cents),
    paymentMethod: row.payment_method as PaymentMethod,
    cryptoAddress: row.crypto_address as string,
    addressIndex: (row.address_index as number | null) ?? null,
    paymentAmountCrypto: row.payment_amount_crypto as string,
    paymentOffset: row.payment_offset as number,
    rate: {
      currency: paymentMethodFacts(row.payment_method as PaymentMethod).currency,
      usd: row.rate_usd as string,
      source: row.rate_source as string,
      fetchedAt: row.rate_fetched_at as Date,
    },
    createdAt: row.created_at as Date,
    expiresAt: row.expires_at as Date,
    orderId: (row.order_id as string | null) ?? null,
  };
}

/**
 * Held quotes (docs/payments.md "The quote lock"): entering step 2 of checkout holds the exact amount the order will
 * ask for (its unique amount, docs/payments.md "Unique amounts"), at the address and rate shown, for RATE_LOCK_MINUTES.
 * The customer may pay it at once (the spec's flow: send, then press "I've Sent the Payment"); `placeOrder` with the
 * quote's id creates the order at exactly that amount, and a payment counts from the moment the quote was held. A
 * held quote reserves no licence keys; it holds its amount until it expires and HELD_QUOTE_GRACE after (a quote paid
 * in time may still be placed then), and the hourly sweep deletes it after that.
 */
@Service()
export class HeldQuotes {
  constructor(
    private readonly db: DataSource,
    private readonly products: ProductService,
    private readonly paymentMethods: PaymentMethodService,
    private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
    private readonly blockRules: BlockRuleService,
    private readonly chainPayments: ChainPaymentService,
    private readonly derivedAddresses: DerivedAddresses,
  ) {}

  /**
   * Holds a quote for `user`: validated like `placeOrder` (product, quantity, an accepted method with an address and a
   * price now), and refused like checkout for a blocked IP. The same purchase asked again while its quote has more
   * than five minutes left gets that quote back (a page reload must not change the amount to send). Other quotes are
   * never let go early (they may have been paid): past HELD_PER_ACCOUNT live ones, or HOLDS_PER_HOUR holds,
   * RATE_LIMITED says when to try again.
   */
  async hold(
    user: AuthUser,
    productId: string,
    quantity: number,
    method: PaymentMethod,
    ip: string,
  ): Promise<HeldQuote> {
    await this.blockRules.assertAllowed({ ip }, 'checkout');
    const { quantity: valid, quote } = await this.products.getPurchasable(productId, quantity);
    this.paymentMethods.assertAvailable(method);
    // With BTC_XPUB the quote gets the next address of its own (below, once it is sure to be held); else the store's.
    const ownAddress = this.paymentMethods.derivesAddresses(method);
    const single = ownAddress ? null : (this.paymentMethods.addressFor(method) as string);
    const priced = this.paymentMethods.price(quote.totalCents, method);
    const expiresAt = new Date(Date.now() + this.config.rateLockMinutes * 60_000);
    return this.db.transaction(async (manager) => {
      const [same]: Record<string, unknown>[] = await manager.query(
        `SELECT * FROM held_quotes
         WHERE user_id = $1 AND product_id = $2 AND quantity = $3 AND payment_method = $4
           AND (crypto_address = $5 OR ($5::text IS NULL AND address_index IS NOT NULL)) AND total_cents = $6 AND order_id IS NULL AND expires_at > now() + $7 * interval '1 millisecond'
         ORDER BY created_at DESC LIMIT 1`,
        [user.id, productId, valid, method, single, quote.totalCents, REUSE_MIN_REMAINING_MS],
      );
      if (same) return fromRow(same);
      await this.rateLimits.hitEach(
        [{ key: `hold-quote:user:${user.id}`, limit: { max: HOLDS_PER_HOUR, windowSeconds: 3600 } }],
        manager,
      );
      const [live]: { count: number; oldest_end: Date | null }[] = await manager.query(
        `SELECT count(*)::int AS count, min(expires_at) AS oldest_end FROM held_quotes
         WHERE user_id = $1 AND order_id IS NULL AND expires_at > now()`,
        [user.id],
      );
      if (live.count >= HELD_PER_ACCOUNT) {
        throw new RateLimitedError(Math.max(1, Math.ceil(((live.oldest_end as Date).getTime() - Date.now()) / 1000)));
      }
      // An address of its own is nobody else's: no amounts to share, so no lock on them (the counter's row lock keeps
      // concurrent holds in line instead).
      const own = ownAddress ? await this.derivedAddresses.next(manager, method) : null;
      const address = own?.address ?? (single as string);
      if (!own) await lockAmounts(manager, method, address);
      const [row]: Record<string, unknown>[] = await manager.query(
        `WITH amount AS (
           ${uniqueAmountSql({ method: '$4', address: '$5', quoted: '$7', unit: '$8', lateDays: '$9', heldQuote: 'NULL', ownAddress: '$14::int IS NOT NULL' })}
         )
         INSERT INTO held_quotes (user_id, product_id, quantity, total_cents, payment_method, crypto_address,
                                  payment_amount_crypto, payment_offset, rate_usd, rate_source, rate_fetched_at,
                                  expires_at, address_index)
         SELECT $1, $2, $3, $6, $4, $5, amount.value, amount.offset_units, $10, $11, $12, $13, $14 FROM amount
         RETURNING *`,
        [
          user.id,
          productId,
          valid,
          method,
          address,
          quote.totalCents,
          priced.amount,
          this.paymentMethods.smallestUnit(method),
          this.config.chains.latePaymentDays,
          priced.rate.usd,
          priced.rate.source,
          priced.rate.fetchedAt,
          expiresAt,
          own?.index ?? null,
        ],
      );
      // Every offset up to the highest taken: refused like a checkout with nothing free (never in practice).
      if (!row) throw new InputError([{ field: 'quantity', message: MESSAGES.quoteNotFound }]);
      return fromRow(row);
    });
  }

  /**
   * The quote `quoteId` as `placeOrder` may use it for this purchase, or the reason it may not (BAD_USER_INPUT on
   * `quoteId`, with the sentence step 2 shows above the new amount). `earlierOrderId` is the order it was already used
   * for by this account (a repeated submit): the caller answers with that order.
   */
  async usable(
    user: AuthUser,
    quoteId: string,
    purchase: { productId: string; quantity: number; paymentMethod: PaymentMethod; totalCents?: number },
  ): Promise<{ quote: HeldQuote; earlierOrderId: string | null }> {
    const parsedId = z.string().uuid().safeParse(quoteId);
    const [row]: Record<string, unknown>[] = parsedId.success
      ? await this.db.query(`SELECT * FROM held_quotes WHERE id = $1 AND user_id = $2`, [quoteId, user.id])
      : [];
    if (!row) throw InputError.field('quoteId', MESSAGES.quoteNotFound);
    const quote = fromRow(row);
    if (quote.orderId) return { quote, earlierOrderId: quote.orderId };
    if (
      quote.productId !== purchase.productId ||
      quote.quantity !== purchase.quantity ||
      quote.paymentMethod !== purchase.paymentMethod
    ) {
      throw InputError.field('quoteId', MESSAGES.quoteMismatch);
    }
    // The product's price changed since (an admin edited it): the held amount no longer pays the order's total.
    if (purchase.totalCents !== undefined && purchase.totalCents !== quote.totalCents) {
      throw InputError.field('quoteId', MESSAGES.quotePriceChanged);
    }
    // Expired: refused, unless the customer paid it in time (a payment of its amount, sent before it expired, is on
    // record) and its amount is still held (HELD_QUOTE_GRACE): then the order is theirs at that amount.
    if (quote.expiresAt.getTime() <= Date.now() && !(await this.chainPayments.paidInTime(quote))) {
      throw InputError.field('quoteId', MESSAGES.quoteExpired);
    }
    return { quote, earlierOrderId: null };
  }

  /** Deletes held quotes past their expiry and grace that no order used. */
  async sweep(manager: EntityManager = this.db.manager): Promise<number> {
    const deleted: unknown[] = await manager.query(
      `DELETE FROM held_quotes WHERE order_id IS NULL AND expires_at < now() - interval '${HELD_QUOTE_GRACE}'
       RETURNING id`,
    );
    return deleted.length;
  }
}

/** Hourly: deletes held quotes that expired unused (their amounts were free again from their expiry and grace). */
export const heldQuoteSweepJob = defineJob({
  task: 'orders:held-quote-sweep',
  payload: z.object({}),
  schedule: { cron: '17 * * * *' },
  run: async (_payload, { container }) => {
    const deleted = await container.get(HeldQuotes).sweep();
    if (deleted > 0) logger.debug({ deleted }, 'Expired held quotes deleted');
  },
});
