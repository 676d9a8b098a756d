import { Field, ID, ObjectType } from 'type-graphql';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One message of a ticket's thread: the customer's opening description, then every reply, oldest first. */
@ObjectType('TicketMessage')
@Entity('ticket_messages')
export class TicketMessage {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'ticket_id', type: 'uuid' })
  ticketId: string;

  /** Who wrote it (null once that account is deleted). */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId: string | null;

  @Field(() => String, { description: 'Plain text as written (line breaks kept); never HTML' })
  @Column({ type: 'text' })
  body: string;

  @Field(() => Boolean, { description: 'Written by the support staff (false: by the customer)' })
  @Column({ name: 'from_staff', type: 'boolean' })
  fromStaff: boolean;

  @Field(() => Date)
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
