import { Field, Float, ID, InputType } from 'type-graphql';
import { PaymentMethod } from '../core/enums';

/**
 * Checkout input (docs/graphql-api.md "Checkout"). Fields that carry a spec message (docs/product.md "Input rules") are
 * nullable and loosely typed on purpose: the rules live in common/validation.ts, so a missing product, a malformed
 * email or a quantity of 1.5 reach those rules and come back with the spec's wording, instead of failing
 * GraphQL's type coercion with a generic message.
 */
@InputType('PlaceOrderInput')
export class PlaceOrderInput {
  @Field(() => ID, { nullable: true, description: "A product's id (uuid)" })
  productId?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: 'A whole number from the product minimum to 50000 (Float so that 1.5 gets the spec message)',
  })
  quantity?: number | null;

  @Field(() => String, { nullable: true, description: 'Optional lower-case domain, e.g. example.com' })
  domainName?: string | null;

  @Field(() => String, { nullable: true, description: 'Contact e-mail for delivery' })
  email?: string | null;

  @Field(() => PaymentMethod)
  paymentMethod: PaymentMethod;

  @Field(() => String, { nullable: true, description: 'Optional wallet transaction id (letters and digits)' })
  transactionId?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Client-chosen key (8-100 of A-Z a-z 0-9 _ -). Repeating a placeOrder with the same key returns the first order, ' +
      'whatever else the repeat contains.',
  })
  idempotencyKey?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'A quote held by holdQuote for this product, quantity and method: the order asks for exactly its amount, at its address and rate, and a payment counts from when it was held. Refused on `quoteId` (BAD_USER_INPUT) once expired',
  })
  quoteId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A solved captchaChallenge (the altcha payload, base64); required when the store asks for one',
  })
  captcha?: string | null;
}
