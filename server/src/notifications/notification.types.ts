import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../orders/order.types';
import { Notification } from './notification.entity';

@ObjectType('NotificationEdge')
export class NotificationEdge {
  @Field(() => String, { description: 'Opaque; pass as `after` to get the messages after this one' })
  cursor: string;

  @Field(() => Notification)
  node: Notification;
}

/** A page of the outbox, newest first (the shape of OrderConnection). */
@ObjectType('NotificationConnection')
export class NotificationConnection {
  @Field(() => [NotificationEdge])
  edges: NotificationEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Messages in the outbox, across all pages' })
  totalCount: number;
}
