import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { CustomerService } from './customer.service';
import { Customer, CustomerConnection, CustomerDetail } from './customer.types';

/** The admin's customers (docs/graphql-api.md "Customers and sales overview"). */
@Resolver()
export class CustomerResolver {
  constructor(private readonly customers: CustomerService) {}

  @Requires(Permission.CUSTOMERS)
  @Query(() => CustomerConnection, {
    description:
      'Customers (admins included) newest sign-up first; `search` matches a part of the name or e-mail, any case; `first` 1-100 (default 20), `after` an endCursor',
  })
  async adminCustomers(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<CustomerConnection> {
    const page = await this.customers.page({ search, first, after });
    return {
      edges: page.edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
    };
  }

  @Requires(Permission.CUSTOMERS)
  @Query(() => CustomerDetail, { description: 'One customer with their latest orders and tickets' })
  adminCustomer(@Arg('userId', () => ID) userId: string): Promise<CustomerDetail> {
    return this.customers.detail(userId);
  }

  @Requires(Permission.CUSTOMERS)
  @Mutation(() => Customer, {
    description:
      'Blocks (or unblocks) an account: no sign-in, refresh or checkout, sessions revoked, sockets closed. Not for admins or yourself',
  })
  setCustomerBlocked(
    @Arg('userId', () => ID) userId: string,
    @Arg('blocked', () => Boolean) blocked: boolean,
    @Ctx() ctx: RequestContext,
  ): Promise<Customer> {
    return this.customers.setBlocked(ctx.user!, userId, blocked);
  }
}
