import { Field, Float, Int, ObjectType } from 'type-graphql';
import { PaymentMethod } from '../core/enums';

/** The server's price for a product × quantity, and the amount to send with a payment method. */
@ObjectType('Quote')
export class Quote {
  @Field(() => Int)
  quantity: number;

  @Field(() => Float, { description: 'Unit price in dollars after bulk tiers' })
  unitPrice: number;

  @Field(() => Float, { description: 'quantity × unitPrice, in dollars' })
  totalPrice: number;

  @Field(() => PaymentMethod)
  paymentMethod: PaymentMethod;

  @Field(() => String, {
    description: 'Exact amount to send in `currency`, with its decimals (BTC 8, ETH 6, USDT 2; USD for PayPal/Skrill)',
  })
  paymentAmountCrypto: string;

  @Field(() => String)
  currency: string;
}
