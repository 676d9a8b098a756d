import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Public, SignedIn } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { PaymentMethod } from '../core/enums';
import { QuoteService } from './quote.service';
import { Quote } from './quote.types';

@Resolver(() => Quote)
export class QuoteResolver {
  constructor(private readonly quotes: QuoteService) {}

  @Public()
  @Query(() => Quote, {
    description:
      'The price of a purchase as the checkout will charge it, at the rate in force now. Errors as placeOrder: BAD_USER_INPUT, PRODUCT_UNAVAILABLE, PAYMENT_METHOD_UNAVAILABLE (no price right now)',
  })
  quote(
    @Arg('productId', () => ID) productId: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('paymentMethod', () => PaymentMethod) paymentMethod: PaymentMethod,
  ): Promise<Quote> {
    return this.quotes.quote(productId, quantity, paymentMethod);
  }

  @SignedIn()
  @Mutation(() => Quote, {
    description:
      "Checkout's step 2: the exact amount (unique among open orders) and address to pay, at the rate in force, held until `expiresAt` (RATE_LOCK_MINUTES). It may be paid at once; placeOrder with its id creates the order at that amount. The same purchase asked again gets the same quote while it has five minutes left. Holds no licence keys. Errors: BAD_USER_INPUT, PRODUCT_UNAVAILABLE, PAYMENT_METHOD_UNAVAILABLE, RATE_LIMITED (ten live quotes, or sixty an hour), FORBIDDEN (a blocked IP)",
  })
  holdQuote(
    @Arg('productId', () => ID) productId: string,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('paymentMethod', () => PaymentMethod) paymentMethod: PaymentMethod,
    @Ctx() ctx: RequestContext,
  ): Promise<Quote> {
    return this.quotes.hold(ctx.user!, productId, quantity, paymentMethod, ctx.ip);
  }
}
