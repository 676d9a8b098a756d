import { paymentMethodFacts } from '../../../common/payment-methods';
import { formatDecimal } from '../../../common/pricing';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { PaymentMethod } from '../core/enums';
import { HeldQuotes } from '../orders/held-quote.service';
import { AppConfig } from '../app-config';
import { PaymentMethodService } from '../payments/payment-method.service';
import { ExchangeRate } from '../rates/exchange-rate.types';
import { ProductService } from './product.service';
import { Quote } from './quote.types';

/**
 * Prices a purchase the way the checkout will charge it (docs/decisions.md "Departures": totals are computed on the
 * server), at the rate in force now (docs/payments.md "How prices are made"). Quoting does not require the method to
 * be accepted: PayPal/Skrill quote their dollar amount (docs/product.md "Fixed numbers"), and `placeOrder` refuses
 * them separately. A currency without a price now is refused (PAYMENT_METHOD_UNAVAILABLE): a price is never guessed.
 */
@Service()
export class QuoteService {
  constructor(
    private readonly products: ProductService,
    private readonly paymentMethods: PaymentMethodService,
    private readonly heldQuotes: HeldQuotes,
    private readonly config: AppConfig,
  ) {}

  /** The `quote` query's answer: validated by `ProductService.getPurchasable`, converted to the method's currency. */
  async quote(productId: string, quantity: number, paymentMethod: PaymentMethod): Promise<Quote> {
    const { quantity: validQuantity, quote } = await this.products.getPurchasable(productId, quantity);
    const priced = this.paymentMethods.price(quote.totalCents, paymentMethod);
    return Object.assign(new Quote(), {
      id: null,
      quantity: validQuantity,
      unitPrice: quote.unitPrice,
      totalPrice: quote.totalPrice,
      paymentMethod,
      paymentAmountCrypto: priced.amount,
      currency: paymentMethodFacts(paymentMethod).currency,
      rate: Object.assign(new ExchangeRate(), priced.rate),
      expiresAt: new Date(Date.now() + this.config.rateLockMinutes * 60_000),
      cryptoAddress: this.paymentMethods.addressFor(paymentMethod),
      paymentUri: null,
      paymentQrSvg: null,
    });
  }

  /** The `holdQuote` mutation's answer: the exact amount and address the order will ask for, held until `expiresAt`. */
  async hold(
    user: AuthUser,
    productId: string,
    quantity: number,
    paymentMethod: PaymentMethod,
    ip: string,
  ): Promise<Quote> {
    const held = await this.heldQuotes.hold(user, productId, quantity, paymentMethod, ip);
    const facts = paymentMethodFacts(paymentMethod);
    const amount = formatDecimal(held.paymentAmountCrypto, facts.decimals);
    return Object.assign(new Quote(), {
      id: held.id,
      quantity: held.quantity,
      unitPrice: Math.round(held.totalCents / held.quantity) / 100,
      totalPrice: held.totalCents / 100,
      paymentMethod,
      paymentAmountCrypto: amount,
      currency: facts.currency,
      rate: Object.assign(new ExchangeRate(), held.rate),
      expiresAt: held.expiresAt,
      cryptoAddress: held.cryptoAddress,
      paymentUri: this.paymentMethods.paymentUri(paymentMethod, held.cryptoAddress, amount),
      paymentQrSvg: await this.paymentMethods.paymentQrSvg(paymentMethod, held.cryptoAddress, amount),
    });
  }
}
