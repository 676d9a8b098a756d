import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TicketCategory, TicketPriority, TicketStatus } from '../core/enums';

/**
 * A support ticket (docs/product.md "Data", "Support desk"); created OPEN with priority MEDIUM unless chosen. Its
 * thread is in `ticket_messages` (TicketMessage), the opening description being the first message.
 */
@ObjectType('SupportTicket')
@Entity('support_tickets')
export class SupportTicket {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Field(() => String)
  @Column({ type: 'text' })
  title: string;

  @Field(() => String, { description: "The ticket's opening message (also the first of `messages`)" })
  @Column({ type: 'text' })
  description: string;

  @Field(() => TicketCategory)
  @Column({ type: 'text' })
  category: TicketCategory;

  @Field(() => TicketPriority)
  @Column({ type: 'text', default: TicketPriority.MEDIUM })
  priority: TicketPriority;

  @Field(() => TicketStatus)
  @Column({ type: 'text', default: TicketStatus.OPEN })
  status: TicketStatus;

  /** The customer's own order the ticket is about, if they chose one (`SupportTicket.order`). */
  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId: string | null;

  @Field(() => Date, { description: 'The last message or status change: the admin queue is newest activity first' })
  @Column({ name: 'last_activity_at', type: 'timestamptz' })
  lastActivityAt: Date;

  /** Since when the customer waits for a staff reply; null when staff owe nothing (see `replyDueAt`). */
  @Column({ name: 'awaiting_staff_since', type: 'timestamptz', nullable: true })
  awaitingStaffSince: Date | null;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
