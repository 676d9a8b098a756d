import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Order } from '../orders/order.entity';
import { PageInfo } from '../orders/order.types';
import { SupportTicket } from '../support/support-ticket.entity';

/** How many of a customer's latest orders and tickets their view shows. */
export const CUSTOMER_DETAIL_LIMIT = 50;

/** A customer as admins see them (docs/product.md "Customers"): who, since when, what they bought, what is open. */
@ObjectType('Customer')
export class Customer {
  @Field(() => ID, { description: 'The user id' })
  id: string;

  @Field(() => String, { nullable: true })
  fullName: string | null;

  @Field(() => String, { description: 'The sign-in e-mail' })
  email: string;

  @Field(() => Date, { description: 'When they signed up' })
  createdAt: Date;

  @Field(() => Int, { description: 'Orders placed, in any status' })
  orderCount: number;

  @Field(() => Float, { description: 'Sum of their orders in the paid statuses (SUCCESS, PROCESSING, COMPLETED), USD' })
  totalPaid: number;

  @Field(() => Int, { description: 'Tickets not RESOLVED or CLOSED' })
  openTickets: number;

  @Field(() => Boolean)
  blocked: boolean;

  @Field(() => Date, { nullable: true })
  blockedAt: Date | null;

  @Field(() => Boolean, { description: 'Has the admin role (admins cannot be blocked)' })
  isAdmin: boolean;
}

@ObjectType('CustomerEdge')
export class CustomerEdge {
  @Field(() => String, { description: 'Opaque; pass as `after` to get the customers after this one' })
  cursor: string;

  @Field(() => Customer)
  node: Customer;
}

/** A page of customers, newest sign-up first. */
@ObjectType('CustomerConnection')
export class CustomerConnection {
  @Field(() => [CustomerEdge])
  edges: CustomerEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Customers matching the search, across all pages' })
  totalCount: number;
}

/** One customer with their latest orders and tickets (the admin's customer view). */
@ObjectType('CustomerDetail')
export class CustomerDetail {
  @Field(() => Customer)
  customer: Customer;

  @Field(() => [Order], { description: `Their latest orders, newest first (at most ${CUSTOMER_DETAIL_LIMIT})` })
  orders: Order[];

  @Field(() => [SupportTicket], {
    description: `Their latest tickets, newest first (at most ${CUSTOMER_DETAIL_LIMIT})`,
  })
  tickets: SupportTicket[];
}
