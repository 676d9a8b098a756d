import { DataSource } from 'typeorm';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import type { PaymentMethod } from '../core/enums';
import { methodDefinition, PAYMENT_METHOD_DEFINITIONS } from './methods';

/**
 * The addresses the store receives payments at, for the refunds module's claim check (docs/payments.md "Refunds"): a
 * refund sent to one would come back as a customer's payment, one transaction counted twice.
 */
@Service()
export class StoreAddresses {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * Is `address` one the store receives at on `method`'s chain: a configured single address of any method on that
   * chain (ETH and USDT on Ethereum share one), or an address derived for an order (`derived_addresses` keeps every
   * one handed out, see DerivedAddresses)?
   */
  async receivesAt(method: PaymentMethod, address: string): Promise<boolean> {
    const { chain } = methodDefinition(method).facts;
    if (!chain) return false;
    const sameChain = PAYMENT_METHOD_DEFINITIONS.filter((d) => d.facts.chain?.network === chain.network);
    for (const definition of sameChain) {
      const single = definition.facts.accepted ? this.config.paymentMethods[definition.facts.key].address : undefined;
      if (single && definition.addressKey(single) === definition.addressKey(address)) return true;
    }
    // Derived addresses are stored as derived (bech32 in lower case); a customer may type one in upper case.
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM derived_addresses WHERE method = ANY($1) AND address = ANY($2) LIMIT 1`,
      [sameChain.map((d) => d.facts.key), [address, address.toLowerCase()]],
    );
    return rows.length > 0;
  }
}
