import { FieldResolver, Resolver, Root } from 'type-graphql';
import { trimZeros } from '../../../common/pricing';
import type { Network } from './chains/chain-reader';
import { ChainPayment } from './chain-payment.entity';

/** Where a customer or an admin can look a transaction up (mainnet explorers). */
const EXPLORER_TX_URLS: Record<Network, (txId: string) => string> = {
  eth: (txId) => `https://etherscan.io/tx/${txId}`,
  tron: (txId) => `https://tronscan.org/#/transaction/${txId}`,
  btc: (txId) => `https://mempool.space/tx/${txId}`,
};

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
    return payment.network;
  }

  @FieldResolver(() => String, { description: 'A block explorer page of the transaction' })
  explorerUrl(@Root() payment: ChainPayment): string {
    return EXPLORER_TX_URLS[payment.network](payment.txId);
  }
}
