import QRCode from 'qrcode';
import { PAYMENT_METHOD_CURRENCY, PAYMENT_METHOD_LABELS } from '../../../common/labels';
import { paymentUri } from '../../../common/payment-uri';
import { CRYPTO_DECIMALS, cryptoAmount } from '../../../common/pricing';
import { MESSAGES } from '../../../common/validation';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { PaymentMethod, paymentMethodKey } from '../core/enums';
import { PaymentMethodUnavailableError } from '../core/errors';
import { ChainReaders } from './chains/chain-readers';
import { PaymentMethodInfo } from './payment-method.types';

/** Listed for customers who ask, but never accepted ("coming soon", docs/product.md "What the store sells"). */
const NEVER_ACCEPTED: ReadonlySet<PaymentMethod> = new Set([PaymentMethod.PAYPAL, PaymentMethod.SKRILL]);

const QR_OPTIONS = { type: 'svg', margin: 1, errorCorrectionLevel: 'M' } as const;

/** Display order of the methods. */
const METHOD_ORDER: readonly PaymentMethod[] = [
  PaymentMethod.USDT_TRC20,
  PaymentMethod.BTC,
  PaymentMethod.ETH,
  PaymentMethod.PAYPAL,
  PaymentMethod.SKRILL,
];

/**
 * The one place that knows which payment methods are payable, at which address and rate
 * (docs/decisions.md "Departures"): a method is available when it has a configured address and is not PayPal or
 * Skrill. The checkout calls `assertAvailable`, `addressFor` and `convert`; `paymentMethods` lists
 * `list()`.
 */
@Service()
export class PaymentMethodService {
  /** QR codes depend only on the configuration, so they are drawn once per process. */
  private listing: Promise<PaymentMethodInfo[]> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly readers: ChainReaders,
  ) {}

  /** The receiving address of a method, or null when it has none (or is never accepted). */
  addressFor(method: PaymentMethod): string | null {
    if (NEVER_ACCEPTED.has(method)) return null;
    const key = paymentMethodKey(method) as keyof AppConfig['payAddresses'];
    return this.config.payAddresses[key] ?? null;
  }

  isAvailable(method: PaymentMethod): boolean {
    return this.addressFor(method) !== null;
  }

  /** Throws PAYMENT_METHOD_UNAVAILABLE for PayPal, Skrill and methods without an address. */
  assertAvailable(method: PaymentMethod): void {
    if (!this.isAvailable(method)) throw new PaymentMethodUnavailableError(MESSAGES.paymentMethodUnavailable);
  }

  usdRate(method: PaymentMethod): number {
    return this.config.usdRates[paymentMethodKey(method)];
  }

  decimals(method: PaymentMethod): number {
    return CRYPTO_DECIMALS[paymentMethodKey(method)];
  }

  /** The smallest amount the method shows, as a decimal string: "0.00000001" for BTC, "0.000001" for ETH and USDT. */
  smallestUnit(method: PaymentMethod): string {
    const decimals = this.decimals(method);
    return decimals === 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`;
  }

  /**
   * A dollar total (in cents) in the method's currency, as an exact string with the method's
   * decimals: 5440000 cents → "1.08800000" BTC at 50000. PayPal/Skrill give the dollar amount.
   */
  convert(totalCents: number, method: PaymentMethod): string {
    return cryptoAmount(totalCents, this.usdRate(method), this.decimals(method));
  }

  /** An SVG QR code of the payment request of an order: its address and exact amount (common/payment-uri.ts). */
  paymentQrSvg(method: PaymentMethod, address: string, amount: string): Promise<string> {
    return QRCode.toString(paymentUri(paymentMethodKey(method), address, amount), QR_OPTIONS);
  }

  /** Every method in display order, with QR codes for configured addresses (cached). */
  list(): Promise<PaymentMethodInfo[]> {
    this.listing ??= Promise.all(METHOD_ORDER.map((method) => this.describe(method))).catch((error) => {
      this.listing = null;
      throw error;
    });
    return this.listing;
  }

  private async describe(method: PaymentMethod): Promise<PaymentMethodInfo> {
    const key = paymentMethodKey(method);
    const address = this.addressFor(method);
    const info = new PaymentMethodInfo();
    info.method = method;
    info.label = PAYMENT_METHOD_LABELS[key];
    info.currency = PAYMENT_METHOD_CURRENCY[key];
    info.address = address;
    info.qrSvg = address ? await QRCode.toString(address, QR_OPTIONS) : null;
    info.usdRate = this.usdRate(method);
    info.decimals = this.decimals(method);
    info.available = address !== null;
    const watch = address ? this.readers.forMethod(method) : null;
    info.confirmedOnChain = watch !== null;
    info.requiredConfirmations = watch?.requiredConfirmations ?? null;
    return info;
  }
}
