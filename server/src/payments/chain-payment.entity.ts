import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { PaymentMethod } from '../core/enums';

/** How a payment was tied to its order: its unique amount, or a transaction ID the customer typed. */
export enum ChainPaymentMatch {
  AMOUNT = 'AMOUNT',
  TRANSACTION_ID = 'TRANSACTION_ID',
}

export enum ChainPaymentStatus {
  /** Seen on chain, not yet at the required confirmations. */
  DETECTED = 'DETECTED',
  CONFIRMED = 'CONFIRMED',
  /** Reverted on chain: it paid nothing. */
  FAILED = 'FAILED',
}
registerEnumType(ChainPaymentStatus, { name: 'ChainPaymentStatus' });

/**
 * A payment to one of the store's addresses read from a chain (docs/payments.md): an ETH transaction's value, a
 * TRC-20 Transfer log or a BTC output, the order it paid (null while it matches none) and its confirmations.
 * `amount` is in the coin (ETH, USDT, BTC), exact.
 */
@ObjectType('ChainPayment')
@Entity('chain_payments')
export class ChainPayment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The method it was read for (its chain follows from the method's definition). */
  @Column({ type: 'text' })
  method: PaymentMethod;

  @Field(() => String, { description: 'The transaction id as the chain writes it' })
  @Column({ name: 'tx_id', type: 'text' })
  txId: string;

  @Column({ name: 'output_index', type: 'integer' })
  outputIndex: number;

  @Column({ name: 'to_address', type: 'text' })
  toAddress: string;

  /** Exact decimal string as stored; the API trims trailing zeros (`amount` field). */
  @Column({ type: 'numeric', precision: 40, scale: 18 })
  amount: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  /** How it was tied to its order: its unique amount, or a transaction id the customer typed (null: no order). */
  @Column({ name: 'matched_by', type: 'text', nullable: true })
  matchedBy: ChainPaymentMatch | null;

  @Field(() => ChainPaymentStatus)
  @Column({ type: 'text' })
  status: ChainPaymentStatus;

  @Column({ name: 'block_number', type: 'bigint', nullable: true, transformer: { to: (v) => v, from: toNumber } })
  blockNumber: number | null;

  @Column({ name: 'block_time', type: 'timestamptz', nullable: true })
  blockTime: Date | null;

  @Field(() => Int)
  @Column({ type: 'integer' })
  confirmations: number;

  @Field(() => Int)
  @Column({ name: 'required_confirmations', type: 'integer' })
  requiredConfirmations: number;

  @Field(() => Date)
  @Column({ name: 'detected_at', type: 'timestamptz' })
  detectedAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  /**
   * When the payment, having reached its confirmations, was found gone from the chain or back below them in a later
   * block (a reorganisation); null: never. It stays set if the payment confirms again.
   */
  @Column({ name: 'reorged_at', type: 'timestamptz', nullable: true })
  reorgedAt: Date | null;

  /** A confirmed payment the node did not know on its last re-read (gone if the next misses it too); null: found. */
  @Column({ name: 'missing_since', type: 'timestamptz', nullable: true })
  missingSince: Date | null;
}

function toNumber(value: string | null): number | null {
  return value === null ? null : Number(value);
}
