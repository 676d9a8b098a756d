import { Arg, Int, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { OrderStatus } from '../core/enums';
import { OrderService } from '../orders/order.service';
import { OrderConnection } from '../orders/order.types';

/** The admin order queue (docs/product.md "Admin": newest first, with the customer's name and e-mail). */
@Resolver()
export class AdminOrderResolver {
  constructor(private readonly orders: OrderService) {}

  @Requires(Permission.ORDERS_READ)
  @Query(() => OrderConnection, {
    description:
      'All orders newest first, optionally one status and a search (an order ID prefix, a part of the customer\'s e-mail or name, an exact amount to pay such as "68.000002", a transaction ID; at most 100 characters); `first` 1-100 (default 20), `after` an endCursor',
  })
  async adminOrders(
    @Arg('status', () => OrderStatus, { nullable: true }) status: OrderStatus | null,
    @Arg('awaitingReview', () => Boolean, {
      nullable: true,
      description:
        "Only the orders waiting for a person (the Overview's ordersAwaitingReview): PENDING with a payment proof, a transaction ID or a payment issue, or past their payment window",
    })
    awaitingReview: boolean | null,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<OrderConnection> {
    const page = await this.orders.adminPage({ status, awaitingReview, search, first, after });
    return {
      edges: page.edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
    };
  }
}
