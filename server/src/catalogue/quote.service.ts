import { paymentMethodFacts } from '../../../common/payment-methods';
import { Service } from '../container';
import { PaymentMethod } from '../core/enums';
import { PaymentMethodService } from '../payments/payment-method.service';
import { ProductService } from './product.service';
import { Quote } from './quote.types';

/**
 * Prices a purchase the way the checkout will charge it (docs/decisions.md "Departures": totals are computed on the
 * server). Quoting does not require the method to be accepted: PayPal/Skrill quote their dollar
 * amount (docs/product.md "Fixed numbers"), and `placeOrder` refuses them separately.
 */
@Service()
export class QuoteService {
  constructor(
    private readonly products: ProductService,
    private readonly paymentMethods: PaymentMethodService,
  ) {}

  /** The `quote` query's answer: validated by `ProductService.getPurchasable`, converted to the method's currency. */
  async quote(productId: string, quantity: number, paymentMethod: PaymentMethod): Promise<Quote> {
    const { quantity: validQuantity, quote } = await this.products.getPurchasable(productId, quantity);
    return Object.assign(new Quote(), {
      quantity: validQuantity,
      unitPrice: quote.unitPrice,
      totalPrice: quote.totalPrice,
      paymentMethod,
      paymentAmountCrypto: this.paymentMethods.convert(quote.totalCents, paymentMethod),
      currency: paymentMethodFacts(paymentMethod).currency,
    });
  }
}
