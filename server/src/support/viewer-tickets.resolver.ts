import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { Viewer } from '../accounts/viewer.type';
import type { RequestContext } from '../graphql/context';
import { SupportTicket } from './support-ticket.entity';
import { TicketService } from './ticket.service';

/**
 * `Viewer.tickets`. A Viewer only ever describes its own user (from `me` or an AuthPayload), so the
 * tickets are those of `viewer.id`; no further rule is needed.
 */
@Resolver(() => Viewer)
export class ViewerTicketsResolver {
  constructor(private readonly ticketService: TicketService) {}

  @FieldResolver(() => [SupportTicket], { description: 'My support tickets, newest first' })
  async tickets(@Root() viewer: Viewer, @Ctx() ctx: RequestContext): Promise<SupportTicket[]> {
    const loader = ctx.loaders.loader<SupportTicket[]>('ticketsByUser', (userIds) =>
      this.ticketService.listByUsers(userIds),
    );
    return (await loader.load(viewer.id)) ?? [];
  }
}
