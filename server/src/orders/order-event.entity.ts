import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { ActorKind, OrderStatus } from '../core/enums';

/** One line of an order's audit trail: every status change, with who made it. */
@ObjectType('OrderEvent')
@Entity('order_events')
export class OrderEvent {
  @Field(() => ID)
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId: string | null;

  @Field(() => OrderStatus, { nullable: true })
  @Column({ name: 'from_status', type: 'text', nullable: true })
  fromStatus: OrderStatus | null;

  @Field(() => OrderStatus)
  @Column({ name: 'to_status', type: 'text' })
  toStatus: OrderStatus;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  note: string | null;

  @Field(() => ActorKind, { description: 'Who made the change: the customer, an admin or the store itself' })
  @Column({ name: 'actor_kind', type: 'text' })
  actorKind: ActorKind;

  @Field(() => String, { nullable: true, description: 'Why the order moved, when the mover said' })
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Field(() => Boolean, { description: "An admin's move outside the lifecycle's regular path" })
  @Column({ type: 'boolean', default: false })
  override: boolean;

  @Field(() => Date)
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
