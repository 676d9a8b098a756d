import { AppConfig } from '../../app-config';
import { Service } from '../../container';
import { PaymentMethod } from '../../core/enums';
import { BtcReader } from './btc-reader';
import type { ChainReader } from './chain-reader';
import { EthReader } from './eth-reader';
import { TronReader } from './tron-reader';

/** How the store reads one payment method from its chain. */
export interface ChainWatch {
  method: PaymentMethod;
  reader: ChainReader;
  /** The token a payment must be in (TRON: the USDT contract); null for the chain's own coin. */
  token: string | null;
  requiredConfirmations: number;
}

/**
 * The chain reader of each payment method whose API is configured (ETH_RPC_URL, TRON_API_URL, BTC_API_URL): the one
 * place that decides which methods are confirmed on chain. A method without one keeps the manual flow.
 */
@Service()
export class ChainReaders {
  private readonly watches = new Map<PaymentMethod, ChainWatch>();

  constructor(config: AppConfig) {
    const { chains } = config;
    if (chains.ethRpcUrl) {
      this.watches.set(PaymentMethod.ETH, {
        method: PaymentMethod.ETH,
        reader: new EthReader({ rpcUrl: chains.ethRpcUrl }),
        token: null,
        requiredConfirmations: chains.confirmations.ETH,
      });
    }
    if (chains.tronApiUrl) {
      this.watches.set(PaymentMethod.USDT_TRC20, {
        method: PaymentMethod.USDT_TRC20,
        reader: new TronReader({
          apiUrl: chains.tronApiUrl,
          apiKey: chains.tronApiKey,
          usdtContract: chains.usdtTrc20Contract,
        }),
        token: chains.usdtTrc20Contract,
        requiredConfirmations: chains.confirmations.USDT_TRC20,
      });
    }
    if (chains.btcApiUrl) {
      this.watches.set(PaymentMethod.BTC, {
        method: PaymentMethod.BTC,
        reader: new BtcReader({ apiUrl: chains.btcApiUrl }),
        token: null,
        requiredConfirmations: chains.confirmations.BTC,
      });
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
