import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentMethod } from '../core/enums';

/** Where a refund is (docs/payments.md "Refunds"); the values are stored as named (common/refunds.ts lists them). */
export enum RefundStatus {
  /** Offered by an admin; the customer has not given an address yet. */
  OFFERED = 'OFFERED',
  /** The customer gave the address to pay; an admin pays it from their own wallet. */
  CLAIMED = 'CLAIMED',
  /** An admin recorded the transaction; the store waits for the chain to show it paid the refund. */
  SENT = 'SENT',
  /** The chain shows the transaction paid at least the amount to the claimed address, with its confirmations. */
  PAID = 'PAID',
  /** Withdrawn by an admin before anything was sent. */
  CANCELLED = 'CANCELLED',
}

registerEnumType(RefundStatus, {
  name: 'RefundStatus',
  description: 'Where a refund is: OFFERED → CLAIMED → SENT → PAID, or CANCELLED before it is sent',
});

/** Money an admin gives back for an order, paid on the order's chain to an address its customer claims it to. */
@ObjectType('Refund', { description: "Money given back for an order, in the order's coin, paid on its chain" })
@Entity('refunds')
export class Refund {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => ID, { description: 'The order it refunds' })
  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  /** The order's method: the coin and the chain the refund is paid in. */
  @Column({ type: 'text' })
  method: PaymentMethod;

  @Field(() => RefundStatus)
  @Column({ type: 'text' })
  status: RefundStatus;

  /** Exact decimal as stored (numeric(30,8)); the API shows it trimmed in the method's decimals (`amount` field). */
  @Column({ type: 'numeric', precision: 30, scale: 8 })
  amount: string;

  @Field(() => String, { description: 'Why the store refunds it, as the admin wrote it for the customer' })
  @Column({ type: 'text' })
  reason: string;

  @Field(() => String, {
    nullable: true,
    description: 'Where the customer asked for it to be sent (null until claimed)',
  })
  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Field(() => String, { nullable: true, description: 'The transaction an admin recorded as its payment' })
  @Column({ name: 'tx_id', type: 'text', nullable: true })
  txId: string | null;

  /** Why the recorded transaction does not pay the refund (the chain showed it); null while it may. */
  @Column({ name: 'tx_problem', type: 'text', nullable: true })
  txProblem: string | null;

  /** The confirmations the recorded transaction had when last read. */
  @Field(() => Int, { nullable: true, description: 'Confirmations of the recorded transaction when last read' })
  @Column({ type: 'integer', nullable: true })
  confirmations: number | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Field(() => Date)
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Field(() => Date, { nullable: true })
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  /** The order's customer's e-mail, filled by the admin list only. */
  customerEmail?: string;
}

/** The refund an admin order view suggests (docs/payments.md "Refunds"): the amount and a reason, both editable. */
@ObjectType('RefundSuggestion', {
  description: 'A refund the store suggests for an order: amount and reason, editable',
})
export class RefundSuggestion {
  @Field(() => String, { description: "In the order's coin, e.g. the excess of an over-payment" })
  amount: string;

  @Field(() => String)
  reason: string;

  @Field(() => String, { description: 'The most that can be offered: received on chain, less refunds already offered' })
  available: string;

  @Field(() => String, {
    nullable: true,
    description:
      "Received in payments tied to the order only by a transaction ID the customer typed, not by the order's unique " +
      'amount, and left out of `amount` and `available` until an admin confirms the payment (moves the order to a ' +
      "paid status): anyone can type the ID of a stranger's public transaction. Null when there is none",
  })
  leftOut: string | null;
}
