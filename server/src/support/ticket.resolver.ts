import { Arg, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { TicketCategory, TicketPriority, TicketStatus } from '../core/enums';
import { Requires, SignedIn } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { liveSubscriber } from '../graphql/live-subscriber';
import { SupportTicket } from './support-ticket.entity';
import { TicketLiveService } from './ticket-live.subscription';
import { CreateTicketInput } from './ticket.inputs';
import { TicketService } from './ticket.service';
import { TicketConnection } from './ticket.types';

/**
 * Support tickets and the support desk (docs/graphql-api.md "Support desk"). Signed-in operations reach their
 * resolver only with a user (@SignedIn / @Requires check it first), hence `ctx.user!`; ownership is checked in
 * TicketService.
 */
@Resolver(() => SupportTicket)
export class TicketResolver {
  constructor(private readonly tickets: TicketService) {}

  @SignedIn()
  @Query(() => SupportTicket, { description: 'A ticket of yours (admins: any ticket); else NOT_FOUND' })
  ticket(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<SupportTicket> {
    return this.tickets.getVisible(ctx.user, id);
  }

  @Requires(Permission.TICKETS)
  @Query(() => TicketConnection, {
    description:
      'The ticket queue, newest activity first, optionally filtered; `first` 1-100 (default 20), `after` an endCursor',
  })
  async adminTickets(
    @Arg('status', () => TicketStatus, { nullable: true }) status: TicketStatus | null,
    @Arg('priority', () => TicketPriority, { nullable: true }) priority: TicketPriority | null,
    @Arg('category', () => TicketCategory, { nullable: true }) category: TicketCategory | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ): Promise<TicketConnection> {
    const page = await this.tickets.adminPage({ status, priority, category, first, after });
    return {
      edges: page.edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
      overdueCount: page.overdueCount,
    };
  }

  @SignedIn()
  @Mutation(() => SupportTicket, { description: 'Opens a support ticket (status OPEN, priority MEDIUM unless given)' })
  createTicket(
    @Arg('input', () => CreateTicketInput) input: CreateTicketInput,
    @Ctx() ctx: RequestContext,
  ): Promise<SupportTicket> {
    return this.tickets.create(ctx.user!.id, input);
  }

  @SignedIn()
  @Mutation(() => SupportTicket, {
    description:
      "Adds a reply to a ticket's thread: its owner or an admin (staff reply, e-mailed to the customer). Body 1-5,000 characters; a CLOSED ticket takes none",
  })
  replyToTicket(
    @Arg('ticketId', () => ID) ticketId: string,
    @Arg('body', () => String) body: string,
    @Ctx() ctx: RequestContext,
  ): Promise<SupportTicket> {
    return this.tickets.reply(ctx.user!, ticketId, body);
  }

  @Requires(Permission.TICKETS)
  @Mutation(() => SupportTicket, { description: "Sets a ticket's status (admins; any status)" })
  setTicketStatus(
    @Arg('ticketId', () => ID) ticketId: string,
    @Arg('status', () => TicketStatus) status: TicketStatus,
  ): Promise<SupportTicket> {
    return this.tickets.setStatus(ticketId, status);
  }

  @SignedIn()
  @Subscription(() => SupportTicket, {
    description:
      'One ticket of yours (admins: any ticket) as it is now, then after each reply or status change; a stranger gets NOT_FOUND',
    subscribe: ({ args, context }) =>
      (context as RequestContext).container
        .get(TicketLiveService)
        .watchTicket(liveSubscriber(context as RequestContext), String(args.ticketId)),
  })
  ticketUpdated(@Root() ticket: SupportTicket, @Arg('ticketId', () => ID) _ticketId: string): SupportTicket {
    return ticket;
  }

  @Requires(Permission.TICKETS)
  @Subscription(() => SupportTicket, {
    description: 'Every new ticket, reply and status change (admins)',
    subscribe: ({ context }) =>
      (context as RequestContext).container.get(TicketLiveService).watchAll(liveSubscriber(context as RequestContext)),
  })
  adminTicketChanged(@Root() ticket: SupportTicket): SupportTicket {
    return ticket;
  }
}
