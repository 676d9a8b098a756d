import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a message tells the customer (one template each, notifications/mail-templates.ts). */
export enum NotificationKind {
  /** An invitation to the staff (staff/staff.service.ts), written by inviteStaff. */
  STAFF_INVITATION = 'STAFF_INVITATION',
  ORDER_RECEIVED = 'ORDER_RECEIVED',
  PAYMENT_CONFIRMED = 'PAYMENT_CONFIRMED',
  PAYMENT_NOT_RECEIVED = 'PAYMENT_NOT_RECEIVED',
  ORDER_DELIVERED = 'ORDER_DELIVERED',
  PAYMENT_ISSUE = 'PAYMENT_ISSUE',
  AWAITING_STOCK = 'AWAITING_STOCK',
  TICKET_REPLY = 'TICKET_REPLY',
  /** Account mails (accounts/account-recovery.service.ts): written by the account's own operations, not by events. */
  PASSWORD_RESET = 'PASSWORD_RESET',
  PASSWORD_CHANGED = 'PASSWORD_CHANGED',
  EMAIL_VERIFY = 'EMAIL_VERIFY',
  EMAIL_CHANGE_CONFIRM = 'EMAIL_CHANGE_CONFIRM',
  EMAIL_CHANGED = 'EMAIL_CHANGED',
  /** A TOTP authenticator or passkey was added to the account (accounts/second-factor-mails.ts). */
  SECOND_FACTOR_ADDED = 'SECOND_FACTOR_ADDED',
  /** Support cleared the account's second factors (resetSecondFactors). */
  SECOND_FACTORS_RESET = 'SECOND_FACTORS_RESET',
  /** Refund mails (docs/payments.md "Refunds"): the customer's at each step, the admins' once one is claimed. */
  REFUND_OFFERED = 'REFUND_OFFERED',
  REFUND_CLAIMED = 'REFUND_CLAIMED',
  REFUND_TO_PAY = 'REFUND_TO_PAY',
  REFUND_SENT = 'REFUND_SENT',
  REFUND_PAID = 'REFUND_PAID',
  REFUND_CANCELLED = 'REFUND_CANCELLED',
  /** To the staff who may change orders: a paid order's payment was taken back by a chain reorganisation. */
  PAYMENT_REORGED = 'PAYMENT_REORGED',
}

/**
 * Where a message is: QUEUED (waiting for its send job, also between retries), SENT (the SMTP server accepted it),
 * FAILED (every attempt failed; resend to try again), NOT_SENT (no SMTP server configured: kept to be read here).
 */
export enum NotificationStatus {
  QUEUED = 'QUEUED',
  SENT = 'SENT',
  FAILED = 'FAILED',
  NOT_SENT = 'NOT_SENT',
}

registerEnumType(NotificationKind, { name: 'NotificationKind' });
registerEnumType(NotificationStatus, { name: 'NotificationStatus' });

/**
 * One e-mail in the outbox (docs/jobs-and-events.md "E-mail"): rendered once, when its domain event is consumed, and
 * kept as sent, so what an admin previews is what the customer got. Admins only (`adminNotifications`).
 */
@ObjectType('Notification', { description: 'An e-mail in the outbox' })
@Entity('notifications')
export class Notification {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Field(() => NotificationKind)
  @Column({ type: 'text' })
  kind: NotificationKind;

  @Field(() => String, { description: 'The recipient address' })
  @Column({ name: 'to_address', type: 'text' })
  to: string;

  @Field(() => String)
  @Column({ type: 'text' })
  subject: string;

  @Field(() => String, { description: 'The plain-text version' })
  @Column({ name: 'text_body', type: 'text' })
  text: string;

  @Field(() => String, { description: 'The HTML version (every interpolated value escaped)' })
  @Column({ name: 'html_body', type: 'text' })
  html: string;

  @Field(() => NotificationStatus)
  @Column({ type: 'text', default: NotificationStatus.QUEUED })
  status: NotificationStatus;

  @Field(() => Int, { description: 'Times the store tried to send it (each run of its send job)' })
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Field(() => String, { nullable: true, description: 'Why the last attempt did not send it' })
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** The domain event it tells about; unique with `kind`, so a consumer that runs twice writes one message. */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId: string | null;

  @Field(() => ID, { nullable: true, description: 'The order it is about, if any' })
  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ name: 'ticket_id', type: 'uuid', nullable: true })
  ticketId: string | null;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When the SMTP server accepted it' })
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
