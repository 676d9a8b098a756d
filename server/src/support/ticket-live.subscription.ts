import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { flatMapAsyncIterator } from '../core/async-iterators';
import { EventBus } from '../core/event-bus';
import { LiveRows, type LiveSubscriber } from '../core/live-rows';
import { SupportTicket } from './support-ticket.entity';
import { canSeeTicket, TicketService } from './ticket.service';

/**
 * Live ticket updates for `ticketUpdated` and `adminTicketChanged` (docs/architecture.md "Live updates"): the shared
 * re-read and permission check of LiveRows, on the ticket topics (ticketChangeEvents). The loaders of a ticket's
 * fields (messages, order, customer) are fresh per event, so a thread is never served from an older event's cache.
 */
@Service()
export class TicketLiveService {
  private readonly rows: LiveRows<SupportTicket, AuthUser | null>;

  constructor(
    tickets: TicketService,
    private readonly bus: EventBus,
  ) {
    this.rows = new LiveRows<SupportTicket, AuthUser | null>(
      {
        what: 'ticket',
        findById: (id) => tickets.findById(id),
        getVisible: (user, id) => tickets.getVisible(user, id),
        canSee: canSeeTicket,
        findChangedSince: (since, limit) => tickets.findChangedSince(since, limit),
      },
      bus,
    );
  }

  /**
   * One ticket for its owner or an admin: as it is now, then after each change. A stranger, or an unknown id, fails
   * the subscribe with NOT_FOUND 'Ticket not found'.
   */
  watchTicket(
    subscriber: LiveSubscriber<AuthUser | null>,
    ticketId: string,
  ): Promise<AsyncIterableIterator<SupportTicket>> {
    return this.rows.watchOne(subscriber, `ticket:${ticketId}`, ticketId);
  }

  /** Every new or changed ticket, for staff (the permission is checked by @Requires(TICKETS)); after lost events, those changed since. */
  watchAll(subscriber: LiveSubscriber<AuthUser | null>): AsyncIterableIterator<SupportTicket> {
    return flatMapAsyncIterator(this.bus.subscribe('tickets'), (event) => this.rows.rowsOf(subscriber, event));
  }
}
