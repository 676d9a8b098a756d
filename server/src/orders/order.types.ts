import { Field, Int, ObjectType } from 'type-graphql';
import { Order } from './order.entity';

/** Who placed an order, as admins see it (docs/product.md "Admin": customer name and email). */
@ObjectType('OrderCustomer')
export class OrderCustomer {
  @Field(() => String, { nullable: true })
  fullName: string | null;

  @Field(() => String)
  email: string;
}

@ObjectType('OrderEdge')
export class OrderEdge {
  @Field(() => String, { description: 'Opaque; pass as `after` to get the orders after this one' })
  cursor: string;

  @Field(() => Order)
  node: Order;
}

@ObjectType('PageInfo')
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => String, { nullable: true })
  endCursor: string | null;
}

/** A page of the admin order queue, newest first. */
@ObjectType('OrderConnection')
export class OrderConnection {
  @Field(() => [OrderEdge])
  edges: OrderEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Orders matching the filter, across all pages' })
  totalCount: number;
}

/** One message of the admin queue's live feed (`adminOrderFeed`). */
@ObjectType('AdminOrderFeedMessage')
export class AdminOrderFeedMessage {
  @Field(() => Boolean, {
    description:
      'True on the first message only: the feed is live. Fetch the list now and apply every later order on top of it',
  })
  ready: boolean;

  @Field(() => Order, { nullable: true, description: 'A new or changed order; null on the ready message' })
  order: Order | null;
}
