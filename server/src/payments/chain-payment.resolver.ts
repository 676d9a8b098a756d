import { FieldResolver, Resolver, Root } from 'type-graphql';
import { trimZeros } from '../../../common/pricing';
import { ChainPayment } from './chain-payment.entity';
import { methodDefinition } from './methods';

/** The chain of a payment's method (every recorded payment's method has one). */
const chainOf = (payment: ChainPayment) => methodDefinition(payment.method).facts.chain!;

/**
 * The computed fields of `ChainPayment`. A payment is only reached through its order (`Order.payment`), which checks
 * that the caller is the order's owner or an admin.
 */
@Resolver(() => ChainPayment)
export class ChainPaymentFieldsResolver {
  @FieldResolver(() => String, { description: 'The amount paid in the coin (ETH, USDT, BTC), exact, e.g. "0.440001"' })
  amount(@Root() payment: ChainPayment): string {
    return trimZeros(payment.amount);
  }

  @FieldResolver(() => String, { description: 'The chain: "eth", "tron" or "btc"' })
  network(@Root() payment: ChainPayment): string {
    return chainOf(payment).network;
  }

  @FieldResolver(() => String, { description: 'A block explorer page of the transaction' })
  explorerUrl(@Root() payment: ChainPayment): string {
    // Where a customer or an admin can look a transaction up (mainnet explorers, the method's definition).
    return chainOf(payment).explorerTxUrl(payment.txId);
  }
}
