import { Field, Float, InputType } from 'type-graphql';
import { Fulfilment } from '../core/enums';

/** One bulk price: from `minQuantity` units on, each costs `unitPrice` dollars. */
@InputType('PriceTierInput')
export class PriceTierInput {
  @Field(() => Float, { nullable: true, description: 'A whole number from the product minimum to 50000' })
  minQuantity?: number | null;

  @Field(() => Float, { nullable: true, description: 'Dollars, more than 0, at most 2 decimals' })
  unitPrice?: number | null;
}

/**
 * A product as the admin's catalogue editor sends it (docs/graphql-api.md "Catalogue editor"), with `Product`'s field
 * names. Every field is replaced on update. Fields with a message in common/validation.ts (`productInputSchema`) are
 * nullable and loosely typed on purpose, as in PlaceOrderInput: a missing name or a minimum of 1.5 reach those rules
 * and come back as field errors, instead of failing GraphQL's type coercion with a generic message.
 */
@InputType('ProductInput')
export class ProductInput {
  @Field(() => String, { nullable: true, description: `At most 120 characters` })
  name?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Unique; lower-case letters and digits in words joined by single hyphens, at most 80 characters',
  })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: 'ssl_certificates, crypto_keys, trading_bots or scripts' })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'The summary on cards, at most 300 characters' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'The product page text, at most 5000 characters; empty: none' })
  longDescription?: string | null;

  @Field(() => Float, { nullable: true, description: 'Listed unit price in dollars: more than 0, at most 2 decimals' })
  price?: number | null;

  @Field(() => [PriceTierInput], {
    nullable: true,
    description: 'Bulk prices, quantities ascending and at least minQuantity; at most 10',
  })
  priceTiers?: PriceTierInput[] | null;

  @Field(() => Float, { nullable: true, description: 'The smallest quantity sold: a whole number from 1 to 50000' })
  minQuantity?: number | null;

  @Field(() => [String], { nullable: true, description: 'Up to 20 short lines listed on the product page' })
  features?: string[] | null;

  @Field(() => Fulfilment, { description: 'How it is delivered (docs/inventory.md "Fulfilment")' })
  fulfilment: Fulfilment;

  @Field(() => Boolean, { nullable: true, description: 'Shown to customers; default true' })
  active?: boolean | null;
}
