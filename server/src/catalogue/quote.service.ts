import { PAYMENT_METHOD_CURRENCY } from '../../../common/labels';
import { Service } from '../container';
import { PaymentMethod, paymentMethodKey } from '../graphql/enums';
import { PaymentMethodService } from '../payments/payment-method.service';
import { ProductService, type Purchasable } from './product.service';
import { Quote } from './quote.types';

/** A priced purchase: the validated product and quantity plus the amount due in the chosen method. */
interface PricedPurchase extends Purchasable {
  paymentMethod: PaymentMethod;
  paymentAmountCrypto: string;
  currency: string;
}

/**
 * Prices a purchase the way the checkout will charge it (DESIGN.md §6: totals are computed on the
 * server). Quoting does not require the method to be accepted: PayPal/Skrill quote their dollar
 * amount (spec §9), and `placeOrder` refuses them separately.
 */
@Service()
export class QuoteService {
  constructor(
    private readonly products: ProductService,
    private readonly paymentMethods: PaymentMethodService,
  ) {}

  /** Validates with `ProductService.getPurchasable` and converts the total to the method's currency. */
  async price(productId: string, quantity: number, paymentMethod: PaymentMethod): Promise<PricedPurchase> {
    const purchasable = await this.products.getPurchasable(productId, quantity);
    return {
      ...purchasable,
      paymentMethod,
      paymentAmountCrypto: this.paymentMethods.convert(purchasable.quote.totalCents, paymentMethod),
      currency: PAYMENT_METHOD_CURRENCY[paymentMethodKey(paymentMethod)],
    };
  }

  /** The `quote` query's answer. */
  async quote(productId: string, quantity: number, paymentMethod: PaymentMethod): Promise<Quote> {
    const priced = await this.price(productId, quantity, paymentMethod);
    return Object.assign(new Quote(), {
      quantity: priced.quantity,
      unitPrice: priced.quote.unitPrice,
      totalPrice: priced.quote.totalPrice,
      paymentMethod,
      paymentAmountCrypto: priced.paymentAmountCrypto,
      currency: priced.currency,
    });
  }
}
