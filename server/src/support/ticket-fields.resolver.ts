import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { AccountService } from '../accounts/account.service';
import type { Profile } from '../accounts/profile.entity';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { Order } from '../orders/order.entity';
import { OrderCustomer } from '../orders/order.types';
import { SupportTicket } from './support-ticket.entity';
import { TicketMessage } from './ticket-message.entity';
import { canSeeTicket, isOverdue, replyDueAt, TicketService } from './ticket.service';

/**
 * The thread and joined fields of `SupportTicket`. Every path to a ticket (ticket, me.tickets, adminTickets, the
 * subscriptions, the mutations) already checks that the caller is its owner or an admin; the thread and the order
 * check again so a future path cannot leak them.
 */
@Resolver(() => SupportTicket)
export class TicketFieldsResolver {
  @FieldResolver(() => [TicketMessage], {
    description: 'The thread, oldest first: the opening description, then every reply',
  })
  async messages(@Root() ticket: SupportTicket, @Ctx() ctx: RequestContext): Promise<TicketMessage[]> {
    if (!canSeeTicket(ctx.user, ticket)) return [];
    const loader = ctx.loaders.loader<TicketMessage[]>('ticketMessagesByTicketId', (ids) =>
      ctx.container.get(TicketService).messagesOf(ids),
    );
    return (await loader.load(ticket.id)) ?? [];
  }

  @FieldResolver(() => Order, { nullable: true, description: "The customer's own order the ticket is about, if any" })
  async order(@Root() ticket: SupportTicket, @Ctx() ctx: RequestContext): Promise<Order | null> {
    if (!ticket.orderId || !canSeeTicket(ctx.user, ticket)) return null;
    const loader = ctx.loaders.loader<Order>('ticketOrderById', (ids) =>
      ctx.container.get(TicketService).ordersOf(ids),
    );
    const order = await loader.load(ticket.orderId);
    // The order was the ticket owner's when linked; orders never change hands, so this only guards the rule.
    return order && order.userId === ticket.userId ? order : null;
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      "When staff must have replied by (24 hours after the customer's first unanswered message); null when staff owe nothing",
  })
  replyDueAt(@Root() ticket: SupportTicket): Date | null {
    return replyDueAt(ticket);
  }

  @FieldResolver(() => Boolean, { description: 'The reply is late: `replyDueAt` has passed' })
  overdue(@Root() ticket: SupportTicket): boolean {
    return isOverdue(ticket);
  }

  @Requires(Permission.TICKETS)
  @FieldResolver(() => OrderCustomer, { nullable: true, description: "The customer's name and e-mail (admins only)" })
  async customer(@Root() ticket: SupportTicket, @Ctx() ctx: RequestContext): Promise<OrderCustomer | null> {
    const profile = await ctx.loaders
      .loader<Profile>('profileById', (ids) => ctx.container.get(AccountService).profilesOf(ids))
      .load(ticket.userId);
    if (!profile) return null;
    return Object.assign(new OrderCustomer(), { fullName: profile.fullName, email: profile.email });
  }
}
