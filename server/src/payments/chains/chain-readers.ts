import { AppConfig } from '../../app-config';
import { Service } from '../../container';
import { PaymentMethod } from '../../core/enums';
import { PAYMENT_METHOD_DEFINITIONS, type ChainWatchSpec, type ServerPaymentMethod } from '../methods';

/** How the store reads one payment method from its chain. */
export interface ChainWatch extends ChainWatchSpec {
  method: PaymentMethod;
  /** The method's definition (address comparison, clock skew, facts). */
  definition: ServerPaymentMethod;
}

/**
 * The chain reader of each payment method whose API is configured (each definition decides from its settings:
 * server/src/payments/methods/): the one place that decides which methods are confirmed on chain. A method without
 * one keeps the manual flow.
 */
@Service()
export class ChainReaders {
  private readonly watches = new Map<PaymentMethod, ChainWatch>();

  constructor(config: AppConfig) {
    for (const definition of PAYMENT_METHOD_DEFINITIONS) {
      const spec = definition.watch(config.paymentMethods[definition.facts.key]);
      if (spec) this.watches.set(definition.method, { ...spec, method: definition.method, definition });
    }
  }

  /** The method's chain watch, or null when its payments are confirmed by an admin. */
  forMethod(method: PaymentMethod): ChainWatch | null {
    return this.watches.get(method) ?? null;
  }

  all(): ChainWatch[] {
    return [...this.watches.values()];
  }
}
