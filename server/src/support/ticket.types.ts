import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../orders/order.types';
import { SupportTicket } from './support-ticket.entity';

@ObjectType('TicketEdge')
export class TicketEdge {
  @Field(() => String, { description: 'Opaque; pass as `after` to get the tickets after this one' })
  cursor: string;

  @Field(() => SupportTicket)
  node: SupportTicket;
}

/** A page of the admin ticket queue, newest activity first (the shape of `OrderConnection`). */
@ObjectType('TicketConnection')
export class TicketConnection {
  @Field(() => [TicketEdge])
  edges: TicketEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int, { description: 'Tickets matching the filters, across all pages' })
  totalCount: number;

  @Field(() => Int, {
    description: 'Overdue tickets in the whole queue, whatever the filters (the Tickets tab shows it)',
  })
  overdueCount: number;
}
