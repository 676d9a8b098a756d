import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PriceTier } from '../../../common/pricing';
import { numericDollars } from '../db/column-transformers';

@ObjectType()
export class PriceTierType implements PriceTier {
  @Field(() => Int)
  minQuantity: number;

  @Field(() => Float)
  unitPrice: number;
}

/** A product of the catalogue (docs/product.md "Data"), with bulk pricing (`minQuantity`, `priceTiers`). */
@ObjectType('Product')
@Entity('products')
export class Product {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => String)
  @Column({ type: 'text' })
  slug: string;

  @Field(() => String)
  @Column({ type: 'text' })
  name: string;

  /** Category key: ssl_certificates, crypto_keys, trading_bots or scripts (labels in common/labels.ts). */
  @Field(() => String)
  @Column({ type: 'text' })
  category: string;

  @Field(() => String)
  @Column({ type: 'text' })
  description: string;

  @Field(() => String, { nullable: true })
  @Column({ name: 'long_description', type: 'text', nullable: true })
  longDescription: string | null;

  /** Listed unit price in dollars. */
  @Field(() => Float)
  @Column({ type: 'numeric', precision: 12, scale: 2, transformer: numericDollars })
  price: number;

  @Field(() => Boolean)
  @Column({ name: 'in_stock', type: 'boolean', default: true })
  inStock: boolean;

  @Field(() => Boolean)
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Field(() => [String])
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  features: string[];

  /** Public path of the product's image, e.g. /images/products/ssl-certificates.svg. */
  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  image: string | null;

  @Field(() => Int)
  @Column({ name: 'min_quantity', type: 'integer', default: 1 })
  minQuantity: number;

  @Field(() => [PriceTierType])
  @Column({ name: 'price_tiers', type: 'jsonb', default: () => "'[]'" })
  priceTiers: PriceTier[];

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date)
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
