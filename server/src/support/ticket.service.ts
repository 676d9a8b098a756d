import { DataSource, In } from 'typeorm';
import { ticketSchema } from '../../../common/validation';
import { Service } from '../container';
import { TicketCategory, TicketPriority, TicketStatus } from '../core/enums';
import { RateLimitService } from '../accounts/rate-limit.service';
import { AppConfig } from '../app-config';
import { parseInput } from '../core/errors';
import { SupportTicket } from './support-ticket.entity';
import type { CreateTicketInput } from './ticket.inputs';

/** Support tickets (docs/product.md "Support"): customers open them and list their own. */
@Service()
export class TicketService {
  constructor(
    private readonly db: DataSource,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
  ) {}

  /** Opens a ticket for the user with the spec's rules: status OPEN, priority MEDIUM unless chosen. */
  async create(userId: string, input: CreateTicketInput): Promise<SupportTicket> {
    const values = parseInput(ticketSchema, {
      title: input.title ?? '',
      description: input.description ?? '',
      category: input.category ?? undefined,
      priority: input.priority ?? undefined,
    });
    await this.rateLimits.hit([`ticket:user:${userId}`], this.config.ticketRateLimit);
    const repo = this.db.getRepository(SupportTicket);
    const ticket = repo.create({
      userId,
      title: values.title,
      description: values.description,
      // The zod enums hold the same lower-case values as the GraphQL enums.
      category: values.category as TicketCategory,
      priority: values.priority as TicketPriority,
      status: TicketStatus.OPEN,
    });
    return repo.save(ticket);
  }

  /** Each user's tickets, newest first, for many users in one query (the Viewer.tickets loader). */
  async listByUsers(userIds: readonly string[]): Promise<SupportTicket[][]> {
    const rows = await this.db.getRepository(SupportTicket).find({
      where: { userId: In([...userIds]) },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return userIds.map((id) => rows.filter((row) => row.userId === id));
  }
}
