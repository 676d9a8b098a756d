import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PriceTier } from '../../../common/pricing';
import { Fulfilment } from '../core/enums';
import { numericDollars } from '../db/column-transformers';
import { fulfilmentHandler } from '../fulfilment';

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

  /**
   * The admin's stock switch. For a product stocked by keys it pauses sales; the stock itself is its keys
   * (`onSale`, GraphQL `inStock`).
   */
  @Column({ name: 'in_stock', type: 'boolean', default: true })
  inStock: boolean;

  @Field(() => Fulfilment)
  @Column({ type: 'text', default: Fulfilment.MANUAL })
  fulfilment: Fulfilment;

  /** The file a DOWNLOAD product gives with its key (stored_files). */
  @Column({ name: 'download_file_id', type: 'uuid', nullable: true })
  downloadFileId: string | null;

  /**
   * Available licence keys of a product stocked by keys (KEYS, DOWNLOAD), counted when the product was read
   * (ProductService); unset for MANUAL products.
   */
  @Field(() => Int, {
    nullable: true,
    description: 'How many can be bought now: available licence keys (KEYS and DOWNLOAD products only)',
  })
  availableQuantity?: number;

  /**
   * May it be bought? The admin's switch, and for a product stocked by keys enough keys for its minimum quantity
   * (docs/inventory.md "Stock follows keys"). Keys not counted count as none: a read that forgot them shows the
   * product out of stock, never sells keys it does not have.
   */
  @Field(() => Boolean, { name: 'inStock' })
  get onSale(): boolean {
    if (!fulfilmentHandler(this.fulfilment).stockedByKeys) return this.inStock;
    return this.inStock && (this.availableQuantity ?? 0) >= this.minQuantity;
  }

  @Field(() => Boolean)
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Field(() => [String])
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  features: string[];

  /**
   * Public path of the product's image: a seeded illustration (/images/products/ssl-certificates.svg) or an uploaded
   * one (/product-images/<file id>.png, docs/product.md "Catalogue editor").
   */
  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  image: string | null;

  /** The uploaded image behind `image` (stored_files, kind 'product_image'); null for a seeded static image. */
  @Column({ name: 'image_file_id', type: 'uuid', nullable: true })
  imageFileId: string | null;

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
