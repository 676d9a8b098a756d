import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TicketCategory, TicketPriority, TicketStatus } from '../core/enums';

/** A support ticket (docs/product.md "Data"); created OPEN with priority MEDIUM unless chosen. */
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

  @Field(() => String)
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

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
