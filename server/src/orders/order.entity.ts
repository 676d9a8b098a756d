import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Profile } from '../accounts/profile.entity';
import { numericDollars } from '../db/column-transformers';
import { OrderStatus, PaymentIssueKind, PaymentMethod } from '../core/enums';

/**
 * An order (docs/product.md "Data"). Totals are computed by the server (docs/decisions.md "Departures"). `product`,
 * `paymentProofUrl`, `paymentAmountCrypto`, `customer` and `events` are field resolvers in order-fields.resolver.ts.
 */
@ObjectType('Order')
@Entity('orders')
export class Order {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Field(() => String)
  @Column({ name: 'contact_email', type: 'text' })
  contactEmail: string;

  @Field(() => String, { nullable: true })
  @Column({ name: 'domain_name', type: 'text', nullable: true })
  domainName: string | null;

  @Field(() => Int)
  @Column({ type: 'integer' })
  quantity: number;

  @Field(() => Float)
  @Column({ name: 'unit_price', type: 'numeric', precision: 12, scale: 2, transformer: numericDollars })
  unitPrice: number;

  @Field(() => Float)
  @Column({ name: 'total_price', type: 'numeric', precision: 14, scale: 2, transformer: numericDollars })
  totalPrice: number;

  @Field(() => PaymentMethod)
  @Column({ name: 'payment_method', type: 'text' })
  paymentMethod: PaymentMethod;

  @Field(() => String)
  @Column({ name: 'crypto_address', type: 'text' })
  cryptoAddress: string;

  /** Exact decimal string as stored (8 decimals); the API formats it with the method's decimals. */
  @Column({ name: 'payment_amount_crypto', type: 'numeric', precision: 30, scale: 8 })
  paymentAmountCrypto: string;

  /**
   * The per-order offset, in the method's smallest shown unit, added to the quote so that no two open orders share an
   * amount to send (docs/payments.md "Unique amounts"); null for orders placed before amounts were unique.
   */
  @Column({ name: 'payment_offset', type: 'integer', nullable: true })
  paymentOffset: number | null;

  /**
   * The index of the order's own receive address (m/…/0/index of BTC_XPUB, docs/payments.md "An address per Bitcoin
   * order"); null when it pays the store's single address.
   */
  @Column({ name: 'address_index', type: 'integer', nullable: true })
  addressIndex: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "What is wrong with the order's payment (under-, over- or late payment, a failed or foreign transaction…), with the amounts; null when nothing is",
  })
  @Column({ name: 'payment_issue', type: 'text', nullable: true })
  paymentIssue: string | null;

  @Field(() => PaymentIssueKind, { nullable: true })
  @Column({ name: 'payment_issue_kind', type: 'text', nullable: true })
  paymentIssueKind: PaymentIssueKind | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'transaction_id', type: 'text', nullable: true })
  transactionId: string | null;

  @Column({ name: 'payment_proof_file_id', type: 'uuid', nullable: true })
  paymentProofFileId: string | null;

  @Field(() => OrderStatus)
  @Column({ type: 'text', default: OrderStatus.PENDING })
  status: OrderStatus;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date)
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => Date, { description: 'When the payment window ends (PAYMENT_WINDOW_HOURS after checkout)' })
  @Column({ name: 'payment_due_at', type: 'timestamptz' })
  paymentDueAt: Date;

  @Field(() => Date, {
    nullable: true,
    description:
      "Until when the order's licence keys are held for it while unpaid (RESERVATION_MINUTES after checkout); then they go back to stock unless a payment was seen on chain. Null when it holds none",
  })
  @Column({ name: 'keys_reserved_until', type: 'timestamptz', nullable: true })
  keysReservedUntil: Date | null;

  /** The rate (USD per coin, after the spread) the order's amount was priced at; null for orders placed before rates. */
  @Column({ name: 'rate_usd', type: 'numeric', precision: 30, scale: 8, nullable: true })
  rateUsd: string | null;

  @Column({ name: 'rate_source', type: 'text', nullable: true })
  rateSource: string | null;

  @Column({ name: 'rate_fetched_at', type: 'timestamptz', nullable: true })
  rateFetchedAt: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "Until when a payment is judged at the order's amount (RATE_LOCK_MINUTES after the quote was held); a payment sent later is re-quoted at the current rate and accepted when it covers the dollar total",
  })
  @Column({ name: 'quote_expires_at', type: 'timestamptz', nullable: true })
  quoteExpiresAt: Date | null;

  /** From when a payment counts for this order: when its quote was held (step 2 of checkout); null: its creation. */
  @Column({ name: 'payable_from', type: 'timestamptz', nullable: true })
  payableFrom: Date | null;

  /** What is still to send (an UNDERPAID order), in the method's currency; the API formats it (`amountDue`). */
  @Column({ name: 'amount_due', type: 'numeric', precision: 30, scale: 8, nullable: true })
  amountDueCrypto: string | null;

  /** How many dollar cents short an accepted payment was (within PAYMENT_TOLERANCE_PERCENT); null when none. */
  @Column({ name: 'accepted_shortfall_cents', type: 'integer', nullable: true })
  acceptedShortfallCents: number | null;

  @Field(() => Float, {
    nullable: true,
    description: 'How many dollars short the payment accepted within the payment tolerance was; null when none',
  })
  get acceptedShortfall(): number | null {
    return this.acceptedShortfallCents === null ? null : this.acceptedShortfallCents / 100;
  }

  /** When a payment counts from: the quote's hold, else the order's creation. */
  get paymentsCountFrom(): Date {
    return this.payableFrom ?? this.createdAt;
  }

  /** When a paid order found too few keys in stock to deliver (its reservation had ended); null once delivered. */
  @Column({ name: 'awaiting_stock_since', type: 'timestamptz', nullable: true })
  awaitingStockSince: Date | null;

  @Field(() => Boolean, {
    description:
      'Paid, awaiting stock: its keys went back to stock before its payment arrived and too few are left to deliver; delivered as soon as keys are imported',
  })
  get awaitingStock(): boolean {
    return this.awaitingStockSince !== null;
  }

  @Field(() => Boolean, {
    description:
      'Still PENDING after its payment window: it has a proof or transaction ID (otherwise it would have expired) and waits for an admin',
  })
  get paymentOverdue(): boolean {
    return this.status === OrderStatus.PENDING && this.paymentDueAt.getTime() <= Date.now();
  }

  /** The customer's name and e-mail when the query joined them (the admin queue); else `customer` loads them. */
  joinedCustomer?: Pick<Profile, 'fullName' | 'email'>;
}
