import QRCode from 'qrcode';
import { cryptoAmount } from '../../../common/pricing';
import { MESSAGES } from '../../../common/validation';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import type { PaymentMethod } from '../core/enums';
import { PaymentMethodUnavailableError } from '../core/errors';
import { isRateAvailable, RateService, type ExchangeRateValue } from '../rates/rate.service';
import { ChainReaders } from './chains/chain-readers';
import { methodDefinition, PAYMENT_METHOD_DEFINITIONS } from './methods';
import { PaymentMethodInfo } from './payment-method.types';

/** An amount in a method's currency and the rate it was converted at (USD per coin, after the spread). */
export interface PricedAmount {
  amount: string;
  rate: ExchangeRateValue;
}

const QR_OPTIONS = { type: 'svg', margin: 1, errorCorrectionLevel: 'M' } as const;

/**
 * The one place that knows which payment methods are payable, at which address and rate
 * (docs/decisions.md "Departures"): a method is available when its definition accepts it (PayPal and Skrill are
 * listed, never accepted) and it has a configured address. The checkout calls `assertAvailable`, `addressFor` and `convert`; `paymentMethods` lists
 * `list()`.
 */
@Service()
export class PaymentMethodService {
  /** QR codes depend only on the configuration, so they are drawn once per process. */
  private listing: Promise<PaymentMethodInfo[]> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly readers: ChainReaders,
    private readonly rates: RateService,
  ) {}

  /**
   * The address a new order of the method pays: the store's single receiving address; null when it has none, when it
   * is never accepted, or when each order gets an address of its own (`derivesAddresses`).
   */
  addressFor(method: PaymentMethod): string | null {
    return this.derivesAddresses(method) ? null : this.singleAddress(method);
  }

  /**
   * The store's single receiving address of a method as configured, or null. With an extended key it is no longer
   * handed out, but orders placed before may still await payments there (the chain watcher reads it while they do).
   */
  singleAddress(method: PaymentMethod): string | null {
    const { facts } = methodDefinition(method);
    if (!facts.accepted) return null;
    return this.config.paymentMethods[facts.key].address ?? null;
  }

  /**
   * Whether each order of the method gets an address of its own (BTC_XPUB, docs/payments.md "An address per Bitcoin
   * order"), handed out by DerivedAddresses; its amount is then the quote itself, with no offset.
   */
  derivesAddresses(method: PaymentMethod): boolean {
    const { facts } = methodDefinition(method);
    return facts.accepted && !!this.config.paymentMethods[facts.key].derivation;
  }

  isAvailable(method: PaymentMethod): boolean {
    return this.addressFor(method) !== null || this.derivesAddresses(method);
  }

  /** Throws PAYMENT_METHOD_UNAVAILABLE for PayPal, Skrill and methods with neither an address nor a key. */
  assertAvailable(method: PaymentMethod): void {
    if (!this.isAvailable(method)) throw new PaymentMethodUnavailableError(MESSAGES.paymentMethodUnavailable);
  }

  /**
   * US dollars one unit of the method's currency counts for now (after spread), from the rate engine's memory
   * (server/src/rates/); null while its currency has no price (providers stale or disagreeing).
   */
  usdRate(method: PaymentMethod): number | null {
    const rate = this.rates.current(method);
    return isRateAvailable(rate) ? Number(rate.usd) : null;
  }

  decimals(method: PaymentMethod): number {
    return methodDefinition(method).facts.decimals;
  }

  /** The smallest amount the method shows, as a decimal string: "0.00000001" for BTC, "0.000001" for ETH and USDT. */
  smallestUnit(method: PaymentMethod): string {
    const decimals = this.decimals(method);
    return decimals === 0 ? '1' : `0.${'1'.padStart(decimals, '0')}`;
  }

  /** The currency a method's amounts are in ("BTC", "USDT", "USD" for PayPal/Skrill). */
  currency(method: PaymentMethod): string {
    return methodDefinition(method).facts.currency;
  }

  /** The rate in force now (decimal USD per coin, after the spread), or null when the method has no price now. */
  currentUsd(method: PaymentMethod): string | null {
    const rate = this.rates.current(method);
    return isRateAvailable(rate) ? rate.usd : null;
  }

  /** The payment tolerance of a method, in percent of its amount (PAYMENT_TOLERANCE_PERCENT[_<METHOD>]). */
  tolerancePercent(method: PaymentMethod): number {
    return this.config.paymentTolerancePercent[methodDefinition(method).facts.key];
  }

  /**
   * A dollar total (in cents) in the method's currency at the rate in force now, with that rate: what a quote, a held
   * quote and an order record. Throws PAYMENT_METHOD_UNAVAILABLE when the method has no price now.
   */
  price(totalCents: number, method: PaymentMethod): PricedAmount {
    const rate = this.rateNow(method);
    return { amount: cryptoAmount(totalCents, Number(rate.usd), this.decimals(method)), rate };
  }

  /**
   * A dollar total (in cents) in the method's currency, as an exact string with the method's
   * decimals: 5440000 cents → "1.08800000" BTC at 50000. PayPal/Skrill give the dollar amount. A method whose
   * currency has no price right now is refused (PAYMENT_METHOD_UNAVAILABLE, "rates are unavailable right now"): a
   * price is never guessed.
   */
  convert(totalCents: number, method: PaymentMethod): string {
    return cryptoAmount(totalCents, Number(this.rateNow(method).usd), this.decimals(method));
  }

  /** The rate of the method's currency now; PAYMENT_METHOD_UNAVAILABLE ("rates are unavailable") when none. */
  rateNow(method: PaymentMethod): ExchangeRateValue {
    const rate = this.rates.current(method);
    if (!isRateAvailable(rate)) throw new PaymentMethodUnavailableError(MESSAGES.ratesUnavailable(rate.currency));
    return rate;
  }

  /**
   * The payment request a wallet reads for `amount` to `address`: the method's URI (BIP-21, EIP-681…), naming the
   * token contract it is configured with where the URI names one (USDT on Ethereum).
   */
  paymentUri(method: PaymentMethod, address: string, amount: string): string {
    const { facts } = methodDefinition(method);
    return facts.paymentUri(address, amount, this.config.paymentMethods[facts.key].token ?? null);
  }

  /** An SVG QR code of the payment request of an order: its address and exact amount (the method's URI). */
  paymentQrSvg(method: PaymentMethod, address: string, amount: string): Promise<string> {
    return QRCode.toString(this.paymentUri(method, address, amount), QR_OPTIONS);
  }

  /** Every method in display order, with QR codes for configured addresses (cached) and the rate of now. */
  async list(): Promise<PaymentMethodInfo[]> {
    this.listing ??= Promise.all(PAYMENT_METHOD_DEFINITIONS.map((d) => this.describe(d.method))).catch((error) => {
      this.listing = null;
      throw error;
    });
    // The rate moves; the rest is configuration.
    return (await this.listing).map((info) =>
      Object.assign(new PaymentMethodInfo(), info, { usdRate: this.usdRate(info.method) }),
    );
  }

  private async describe(method: PaymentMethod): Promise<PaymentMethodInfo> {
    const { facts } = methodDefinition(method);
    const address = this.addressFor(method);
    const info = new PaymentMethodInfo();
    info.method = method;
    info.label = facts.label;
    info.currency = facts.currency;
    info.address = address;
    info.qrSvg = address ? await QRCode.toString(address, QR_OPTIONS) : null;
    info.usdRate = null;
    info.decimals = this.decimals(method);
    info.available = this.isAvailable(method);
    const watch = info.available ? this.readers.forMethod(method) : null;
    info.confirmedOnChain = watch !== null;
    info.requiredConfirmations = watch?.requiredConfirmations ?? null;
    return info;
  }
}
