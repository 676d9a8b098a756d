import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import type { PaymentMethod } from '../core/enums';
import { logger } from '../core/logger';
import { ChainPaymentStatus } from './chain-payment.entity';
import { methodDefinition, PAYMENT_METHOD_DEFINITIONS } from './methods';
import type { AddressDerivation } from './methods/definition';
import { PayableOrders } from './payment-observer';

/**
 * Unused addresses in a row past which a wallet stops looking (BIP-44's gap limit, the default of Electrum, Sparrow and
 * most others): a payment to a later address would not show in the seller's wallet until they raise it.
 */
export const GAP_LIMIT = 20;

/** An address handed out to an order (or the quote it was placed with): its own, never anyone else's. */
export interface OwnAddress {
  address: string;
  index: number;
}

/** How the derived addresses of a method are used, for the admin's gap warning. */
export interface AddressGap {
  method: PaymentMethod;
  /** Addresses handed out so far (the next one's index). */
  handedOut: number;
  /** The highest index that received a payment; null: none yet. */
  lastUsedIndex: number | null;
  /** The longest run of handed-out addresses in a row that received nothing (between used ones, or after the last). */
  unusedInARow: number;
  gapLimit: number;
}

/**
 * Addresses derived one per order from the seller's extended public key (docs/payments.md "An address per Bitcoin
 * order"; tables `derivation_counters` and `derived_addresses`, this module's). `next` hands out the next receive
 * index of the key in the caller's transaction: the counter row's lock keeps concurrent checkouts in line until they
 * commit, and one that rolls back gives its index back, so indexes are handed out without holes; `derived_addresses`
 * keeps every address handed out, each once (its primary key and UNIQUE address).
 *
 * An index whose address is the store's single address (a seller often sets PAY_ADDRESS_BTC to the same wallet's first
 * receive address, index 0 of BTC_XPUB) is skipped: an order owning it would take every payment to it, those of the
 * orders placed with the single address included (review 28). It is still recorded in `derived_addresses` (the index
 * is used up, and the refunds' check of the store's own addresses knows it) and logged.
 */
@Service()
export class DerivedAddresses {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly orders: PayableOrders,
  ) {}

  /** The key `method`'s addresses are derived from, or null when its orders pay the store's single address. */
  derivation(method: PaymentMethod): AddressDerivation | null {
    const { facts } = methodDefinition(method);
    if (!facts.accepted) return null;
    return this.config.paymentMethods[facts.key].derivation ?? null;
  }

  /** The next address of `method`'s key, recorded as handed out in `manager`'s transaction (which must commit it). */
  async next(manager: EntityManager, method: PaymentMethod): Promise<OwnAddress> {
    const derivation = this.derivation(method);
    if (!derivation) throw new Error(`${method} derives no addresses`);
    for (;;) {
      // One statement: the first checkout of a key creates its counter, the others take its row lock and the next
      // index.
      const [{ index }]: { index: number }[] = await manager.query(
        `INSERT INTO derivation_counters (account, method, next_index) VALUES ($1, $2, 1)
         ON CONFLICT (account) DO UPDATE SET next_index = derivation_counters.next_index + 1
         RETURNING next_index - 1 AS index`,
        [derivation.account, method],
      );
      const address = derivation.address(index);
      await manager.query(
        `INSERT INTO derived_addresses (account, derivation_index, method, address) VALUES ($1, $2, $3, $4)`,
        [derivation.account, index, method, address],
      );
      if (!(await this.isSingleAddress(manager, method, address))) return { address, index };
      logger.warn(
        { method, index, address },
        "A derived address is the store's single address (PAY_ADDRESS_* or one orders were placed with): skipped, no order gets it",
      );
    }
  }

  /**
   * Is `address` a single address of the store on `method`'s chain: configured (PAY_ADDRESS_* of any method on the
   * chain) or one orders or held quotes were given without an index of their own (a PAY_ADDRESS since changed)?
   */
  private async isSingleAddress(manager: EntityManager, method: PaymentMethod, address: string): Promise<boolean> {
    const { chain } = methodDefinition(method).facts;
    for (const definition of PAYMENT_METHOD_DEFINITIONS) {
      if (!definition.facts.accepted || definition.facts.chain?.network !== chain?.network) continue;
      const single = this.config.paymentMethods[definition.facts.key].address;
      if (single && definition.addressKey(single) === definition.addressKey(address)) return true;
    }
    return this.orders.paidAsSingleAddress(manager, method, address);
  }

  /**
   * The gap of each method that derives addresses (its key's addresses handed out, and the longest run of them with no
   * payment on record); a method with a gap over GAP_LIMIT is the admin's warning (the Overview's).
   */
  async gaps(methods: readonly PaymentMethod[]): Promise<AddressGap[]> {
    const gaps: AddressGap[] = [];
    for (const method of methods) {
      const derivation = this.derivation(method);
      if (!derivation) continue;
      // Used: an address a payment (not a failed one) was seen to. Runs of unused ones: the holes between used
      // indexes, and the tail after the last. Indexes have no holes of their own (see `next`).
      const [row]: { handed_out: number | null; last_used: number | null; longest_inside: number | null }[] =
        await this.db.query(
          `WITH used AS (
             SELECT d.derivation_index AS i FROM derived_addresses d
             WHERE d.account = $1 AND EXISTS (SELECT 1 FROM chain_payments c
                                              WHERE c.method = d.method AND c.to_address = d.address AND c.status <> $2)
           ), runs AS (
             SELECT i - coalesce(lag(i) OVER (ORDER BY i), -1) - 1 AS unused_before FROM used
           )
           SELECT (SELECT next_index FROM derivation_counters WHERE account = $1) AS handed_out,
                  (SELECT max(i) FROM used) AS last_used, (SELECT max(unused_before) FROM runs)::int AS longest_inside`,
          [derivation.account, ChainPaymentStatus.FAILED],
        );
      const handedOut = row.handed_out ?? 0;
      const lastUsed = row.last_used ?? null;
      gaps.push({
        method,
        handedOut,
        lastUsedIndex: lastUsed,
        unusedInARow: Math.max(row.longest_inside ?? 0, handedOut - 1 - (lastUsed ?? -1)),
        gapLimit: GAP_LIMIT,
      });
    }
    return gaps;
  }
}
