import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { PaymentMethod } from '../core/enums';
import { ExchangeRate } from '../rates/exchange-rate.types';

/**
 * The server's price for a product × quantity, and the amount to send with a payment method. A held quote
 * (`holdQuote`) has an id and is the exact amount, at the address, that the order placed with it will ask for.
 */
@ObjectType('Quote')
export class Quote {
  @Field(() => ID, { nullable: true, description: 'Held quotes only: pass it to placeOrder as `quoteId`' })
  id: string | null;

  @Field(() => Int)
  quantity: number;

  @Field(() => Float, { description: 'Unit price in dollars after bulk tiers' })
  unitPrice: number;

  @Field(() => Float, { description: 'quantity × unitPrice, in dollars' })
  totalPrice: number;

  @Field(() => PaymentMethod)
  paymentMethod: PaymentMethod;

  @Field(() => String, {
    description:
      'Exact amount to send in `currency`, with its decimals (BTC 8, ETH 6, USDT 6; USD for PayPal/Skrill). A held quote adds its unique offset (docs: "Unique amounts")',
  })
  paymentAmountCrypto: string;

  @Field(() => String)
  currency: string;

  @Field(() => ExchangeRate, { description: 'The rate the amount was priced at (USD per coin, after the spread)' })
  rate: ExchangeRate;

  @Field(() => Date, {
    description:
      'Until when the amount holds (RATE_LOCK_MINUTES): a held quote must be placed before; a payment sent later is re-quoted',
  })
  expiresAt: Date;

  @Field(() => String, { nullable: true, description: 'The address to pay; null for methods without one' })
  cryptoAddress: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Held quotes only: the payment request a wallet reads (as Order.paymentUri)',
  })
  paymentUri: string | null;

  @Field(() => String, { nullable: true, description: 'Held quotes only: SVG of a QR code of `paymentUri`' })
  paymentQrSvg: string | null;
}
