import { DataSource } from 'typeorm';
import { guideSearchSchema } from '../../../common/validation';
import { Service } from '../container';
import { GuideCategory } from '../core/enums';
import { InputError } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { logger, runOutsideRequest } from '../core/logger';
import { InstallationGuide } from './installation-guide.entity';

/** Makes user text literal inside ILIKE: `\`, `%` and `_` lose their pattern meaning. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Installation guides (docs/product.md "Guides"): most viewed first, searchable by title and server type.
 *
 * The app never writes guides (the seed and operators' SQL do), so the table announces its own changes: a trigger
 * publishes the 'guides' topic on every statement that changes it (migration GuidesNotify1765000000000), and each
 * process drops what it keeps computed from the guides.
 */
@Service()
export class GuideService {
  private kept: Map<string, unknown> | null = null;
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /**
   * A store for what is computed from the guides as they are now (the rendered /guides page, server-rendering.ts):
   * dropped on the next change to them, in any process.
   */
  keptWithGuides(): Map<string, unknown> {
    this.listenForChanges();
    return (this.kept ??= new Map());
  }

  /**
   * Subscribes to 'guides' once, on first use, and drops the store on every event, the bus's catch-up event after lost
   * notifications included. If the listener stops, the store is dropped and the next use subscribes again.
   */
  private listenForChanges(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('guides');
    // The listener outlives the request that started it: its lines must not carry that request's id.
    void runOutsideRequest(() =>
      (async () => {
        for await (const event of events) {
          logger.debug({ missedSince: event.missedSince }, 'Guides changed; kept pages dropped');
          this.kept = null;
        }
      })().catch((error) => {
        logger.warn({ err: error }, 'Guides listener stopped');
        this.listening = false;
        this.kept = null;
      }),
    );
  }

  /**
   * Guides by views descending (title breaks ties), optionally of one category and matching `search`
   * case-insensitively anywhere in the title or server type. A blank search means no filter; one over
   * 100 characters is BAD_USER_INPUT (field `search`).
   */
  async list(
    search: string | null | undefined,
    category: GuideCategory | null | undefined,
  ): Promise<InstallationGuide[]> {
    let term: string | null = null;
    if (search != null) {
      const parsed = guideSearchSchema.safeParse(search);
      if (!parsed.success) throw InputError.field('search', parsed.error.issues[0].message);
      term = parsed.data;
    }
    const query = this.db
      .getRepository(InstallationGuide)
      .createQueryBuilder('guide')
      .orderBy('guide.views', 'DESC')
      .addOrderBy('guide.title', 'ASC')
      .addOrderBy('guide.id', 'ASC');
    if (category) query.andWhere('guide.category = :category', { category });
    if (term) {
      query.andWhere(`(guide.title ILIKE :pattern ESCAPE '\\' OR guide.server_type ILIKE :pattern ESCAPE '\\')`, {
        pattern: `%${escapeLike(term)}%`,
      });
    }
    return query.getMany();
  }
}
