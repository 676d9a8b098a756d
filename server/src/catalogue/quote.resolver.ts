import { Arg, ID, Int, Query, Resolver } from 'type-graphql';
import { Public } from '../graphql/access';
import { PaymentMethod } from '../core/enums';
import { QuoteService } from './quote.service';
import { Quote } from './quote.types';

@Resolver(() => Quote)
export class QuoteResolver {
  constructor(private readonly quotes: QuoteService) {}

  @Public()
  @Query(() => Quote, {
    description:
      'The price of a purchase as the checkout will charge it. Errors as placeOrder: BAD_USER_INPUT, PRODUCT_UNAVAILABLE',
  })
  quote(
    @Arg('productId', () => ID) productId: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('paymentMethod', () => PaymentMethod) paymentMethod: PaymentMethod,
  ): Promise<Quote> {
    return this.quotes.quote(productId, quantity, paymentMethod);
  }
}
