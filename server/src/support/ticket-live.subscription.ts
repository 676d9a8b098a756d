import { Service } from '../container';
import { flatMapAsyncIterator, mapAsyncIterator, startWith } from '../core/async-iterators';
import { EventBus, type BusEvent } from '../core/event-bus';
import { logger } from '../core/logger';
import type { RequestContext } from '../graphql/context';
import { Loaders } from '../graphql/loaders';
import { SupportTicket } from './support-ticket.entity';
import { canSeeTicket, TicketService } from './ticket.service';

/** At most this many tickets are re-sent to an admin after the event bus lost events. */
const CATCH_UP_LIMIT = 500;

/**
 * Live ticket updates for `ticketUpdated` and `adminTicketChanged` (docs/architecture.md "Live updates"), as
 * OrderLiveService does for orders: each bus event is only `{ topic, id }`, so the ticket is re-read after the commit
 * that announced it and the permission re-checked before anything is sent. The re-read is shared by every subscriber
 * of the event, and so are the loaders of its fields (messages, order, customer), fresh per event so a thread is
 * never served from an older event's cache.
 */
@Service()
export class TicketLiveService {
  private readonly perEvent = new WeakMap<BusEvent, { ticket: Promise<SupportTicket | null>; loaders: Loaders }>();
  private readonly catchUps = new WeakMap<BusEvent, Promise<SupportTicket[]>>();

  constructor(
    private readonly tickets: TicketService,
    private readonly bus: EventBus,
  ) {}

  /**
   * One ticket for its owner or an admin: as it is now, then after each change. A stranger, or an unknown id, fails
   * the subscribe with NOT_FOUND 'Ticket not found'. The bus subscription starts before the read, so no change made
   * between the two is missed.
   */
  async watchTicket(ctx: RequestContext, ticketId: string): Promise<AsyncIterableIterator<SupportTicket>> {
    const events = this.bus.subscribe(`ticket:${ticketId}`);
    let current: SupportTicket;
    try {
      current = await this.tickets.getVisible(ctx.user, ticketId);
    } catch (error) {
      await events.return?.();
      throw error;
    }
    return startWith(
      current,
      mapAsyncIterator(events, (event) => this.reread(ctx, event)),
    );
  }

  /** Every new or changed ticket, for admins (the role is checked by @AdminOnly); after lost events, those changed since. */
  watchAll(ctx: RequestContext): AsyncIterableIterator<SupportTicket> {
    return flatMapAsyncIterator(this.bus.subscribe('tickets'), async (event) => {
      if (!event.missedSince) {
        const ticket = await this.reread(ctx, event);
        return ticket ? [ticket] : [];
      }
      let changed = this.catchUps.get(event);
      if (!changed) {
        changed = this.tickets.findChangedSince(new Date(event.missedSince), CATCH_UP_LIMIT).catch((error: unknown) => {
          logger.warn({ err: error }, 'Could not re-read tickets after the event bus reconnected');
          return [];
        });
        this.catchUps.set(event, changed);
      }
      ctx.loaders = new Loaders(ctx.container);
      return changed;
    });
  }

  /** The event's ticket if `ctx`'s user may see it; null (skip the event) otherwise. */
  private async reread(ctx: RequestContext, event: BusEvent): Promise<SupportTicket | null> {
    let shared = this.perEvent.get(event);
    if (!shared) {
      const ticket = this.tickets.findById(event.id).catch((error: unknown) => {
        logger.warn({ topic: event.topic, err: error }, 'Dropped a ticket event');
        return null;
      });
      shared = { ticket, loaders: new Loaders(ctx.container) };
      this.perEvent.set(event, shared);
    }
    const ticket = await shared.ticket;
    if (!ticket || !canSeeTicket(ctx.user, ticket)) return null;
    ctx.loaders = shared.loaders;
    return ticket;
  }
}
