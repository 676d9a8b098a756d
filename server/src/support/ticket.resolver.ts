import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { SignedIn } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { SupportTicket } from './support-ticket.entity';
import { CreateTicketInput } from './ticket.inputs';
import { TicketService } from './ticket.service';

@Resolver(() => SupportTicket)
export class TicketResolver {
  constructor(private readonly tickets: TicketService) {}

  @SignedIn()
  @Mutation(() => SupportTicket, { description: 'Opens a support ticket (status OPEN, priority MEDIUM unless given)' })
  createTicket(
    @Arg('input', () => CreateTicketInput) input: CreateTicketInput,
    @Ctx() ctx: RequestContext,
  ): Promise<SupportTicket> {
    return this.tickets.create(ctx.user!.id, input);
  }
}
