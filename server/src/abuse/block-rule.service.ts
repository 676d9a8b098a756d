import type { Selectable } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { BLOCK_RULE_MESSAGES } from '../../../common/block-rules';
import { isUuid } from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { ForbiddenError, InputError, NotFoundError } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { logger, runOutsideRequest } from '../core/logger';
import { BlockRuleMatcher, type BlockRuleSubject } from './block-rule-matcher';
import { parseBlockRule } from './block-rule-value';
import { BlockRule, BlockRuleKind } from './block-rule.types';
import type { BlockRules } from '../db/schema-types';
import { rowsOf, sqlQuery } from '../db/typed-sql';

/** Where a request was checked (for the log line of a refusal). */
export type BlockRuleEntryPoint = 'sign-up' | 'sign-in' | 'refresh' | 'checkout' | 'email-change';

/** A rule with the e-mail of the admin who added it, as `list` and `add` read it. */
type BlockRuleRow = Pick<Selectable<BlockRules>, 'id' | 'kind' | 'value' | 'reason' | 'created_at'> & {
  created_by_email: string | null;
};

function toBlockRule(row: BlockRuleRow): BlockRule {
  return Object.assign(new BlockRule(), {
    id: row.id,
    // The table's CHECK lists BlockRuleKind's values (tests/api/enum-checks.test.ts compares them).
    kind: row.kind as BlockRuleKind,
    value: row.value,
    reason: row.reason,
    createdAt: new Date(row.created_at),
    createdByEmail: row.created_by_email,
  });
}

/** The error every refused request gets: it says neither which rule matched nor whether an account exists. */
export function requestBlockedError(): ForbiddenError {
  return new ForbiddenError(BLOCK_RULE_MESSAGES.requestBlocked);
}

/**
 * Block rules (docs/product.md "Block rules"): owns `block_rules`, and answers "may this request go on?" at sign-up,
 * sign-in, refresh and checkout from memory.
 *
 * Every process keeps the rules compiled (BlockRuleMatcher): loaded at start (`start`), dropped and loaded again on
 * each `block-rules` event of the bus. A trigger on the table publishes it for every statement that changes the rules
 * (migration BlockRules1765100000000), so every replica hears it on commit (PostgreSQL NOTIFY), whoever wrote them;
 * the process that made the change also drops its copy at once, so the admin's own next request already sees it.
 * After the bus lost events it hands the topic a catch-up event, which reloads too: the rules are read whole.
 */
@Service()
export class BlockRuleService {
  private matcher: BlockRuleMatcher | null = null;
  private loading: Promise<BlockRuleMatcher> | null = null;
  /** Bumped by every drop: a load that started before it must not install what it read. */
  private generation = 0;
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** Subscribes to changes and loads the rules (app start-up), so the first sign-in does not wait for them. */
  async start(): Promise<void> {
    await this.current();
  }

  /**
   * FORBIDDEN with the one message when a rule matches the client's IP or any of the e-mails. Microseconds from
   * memory; it waits for the database only while the rules are being (re)loaded after a change.
   */
  async assertAllowed(subject: BlockRuleSubject, at: BlockRuleEntryPoint): Promise<void> {
    const matcher = this.matcher ?? (await this.current());
    const hit = matcher.match(subject);
    if (hit) {
      logger.info({ at, rule: hit, ip: subject.ip }, 'Request turned away by a block rule');
      throw requestBlockedError();
    }
  }

  /**
   * The same for an account known by id (refresh, which reads no e-mail of its own), in the caller's transaction: the
   * e-mail is read only when an e-mail rule exists.
   */
  async assertAccountAllowed(userId: string, manager: EntityManager, at: BlockRuleEntryPoint): Promise<void> {
    const matcher = this.matcher ?? (await this.current());
    if (!matcher.hasEmailRules) return;
    const [row] = await rowsOf(manager, sqlQuery.selectFrom('users').select('email').where('id', '=', userId));
    if (row) await this.assertAllowed({ emails: [row.email] }, at);
  }

  /** Every rule, newest first, with the e-mail of the admin who added it. */
  async list(): Promise<BlockRule[]> {
    const rows = await rowsOf(
      this.db,
      sqlQuery
        .selectFrom('block_rules as r')
        .leftJoin('users as u', 'u.id', 'r.created_by')
        .select(['r.id', 'r.kind', 'r.value', 'r.reason', 'r.created_at', 'u.email as created_by_email'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
    );
    return rows.map(toBlockRule);
  }

  /**
   * Adds a rule (BAD_USER_INPUT on `value` when it is malformed, already exists, or would block the admin adding it or
   * any admin's e-mail: as an admin account cannot be blocked, no rule may lock the admins out). `ip` is the admin's
   * own client address. One statement: the row and its notification (the table's trigger) commit together or not at all.
   */
  async add(
    admin: AuthUser,
    ip: string,
    input: { kind: BlockRuleKind; value: string; reason?: string | null },
  ): Promise<BlockRule> {
    const rule = parseBlockRule(input.kind, input.value, input.reason);
    await this.assertSparesAdmins(admin, ip, rule);
    // ON CONFLICT also settles a concurrent add of the same rule: the second waits for the first and inserts nothing.
    const [row] = await rowsOf(
      this.db,
      sqlQuery
        .with('inserted', (db) =>
          db
            .insertInto('block_rules')
            .values({ kind: rule.kind, value: rule.value, reason: rule.reason, created_by: admin.id })
            .onConflict((conflict) => conflict.columns(['kind', 'value']).doNothing())
            .returning(['id', 'kind', 'value', 'reason', 'created_at', 'created_by']),
        )
        .selectFrom('inserted as i')
        .leftJoin('users as u', 'u.id', 'i.created_by')
        .select(['i.id', 'i.kind', 'i.value', 'i.reason', 'i.created_at', 'u.email as created_by_email']),
    );
    if (!row) throw InputError.field('value', BLOCK_RULE_MESSAGES.duplicate);
    this.invalidate();
    logger.info({ ruleId: row.id, kind: row.kind, value: row.value, adminId: admin.id }, 'Block rule added');
    return toBlockRule(row);
  }

  /** Removes a rule; NOT_FOUND for an unknown id. Requests it turned away go through from now on, in every process. */
  async remove(admin: AuthUser, id: string): Promise<true> {
    if (!isUuid(id)) throw new NotFoundError('Block rule');
    const [removed] = await rowsOf(
      this.db,
      sqlQuery.deleteFrom('block_rules').where('id', '=', id).returning(['kind', 'value']),
    );
    if (!removed) throw new NotFoundError('Block rule');
    this.invalidate();
    logger.info({ ruleId: id, kind: removed.kind, value: removed.value, adminId: admin.id }, 'Block rule removed');
    return true;
  }

  /** Refuses a rule that matches the admin's own IP or e-mail, or the e-mail of any admin. */
  private async assertSparesAdmins(
    admin: AuthUser,
    ip: string,
    rule: { kind: BlockRuleKind; value: string },
  ): Promise<void> {
    const candidate = BlockRuleMatcher.compile([rule]);
    const admins = await rowsOf(
      this.db,
      sqlQuery
        .selectFrom('users as u')
        .select(['u.id', 'u.email'])
        .where((eb) =>
          eb.or([
            eb('u.id', '=', admin.id),
            eb.exists(eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id')),
          ]),
        ),
    );
    const own = admins.find((row) => row.id === admin.id);
    if (candidate.match({ ip, emails: [own?.email] })) {
      throw InputError.field('value', BLOCK_RULE_MESSAGES.wouldBlockYourself);
    }
    if (candidate.match({ emails: admins.map((row) => row.email) })) {
      throw InputError.field('value', BLOCK_RULE_MESSAGES.wouldBlockAdmin);
    }
  }

  /** The compiled rules, loading them when dropped; concurrent callers share one load. */
  private current(): Promise<BlockRuleMatcher> {
    this.listenForChanges();
    if (this.matcher) return Promise.resolve(this.matcher);
    return (this.loading ??= this.load());
  }

  private async load(): Promise<BlockRuleMatcher> {
    const generation = this.generation;
    try {
      const rows = await rowsOf(this.db, sqlQuery.selectFrom('block_rules').select(['id', 'kind', 'value']));
      const matcher = BlockRuleMatcher.compile(rows.flatMap((row) => usableRule(row)));
      if (generation === this.generation) this.matcher = matcher;
      return matcher;
    } finally {
      if (generation === this.generation) this.loading = null;
    }
  }

  /** Drops the compiled rules (a load under way may have read them before the change) and loads them again. */
  private invalidate(): void {
    this.generation++;
    this.matcher = null;
    this.loading = null;
    this.current().catch((error: unknown) => logger.warn({ err: error }, 'Could not load the block rules'));
  }

  /**
   * Subscribes to 'block-rules' once and reloads on every event, the bus's catch-up event after lost notifications
   * included. Should the listener stop, the rules are dropped and the next check subscribes again.
   */
  private listenForChanges(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('block-rules');
    // The listener outlives the request that started it: its lines must not carry that request's id.
    void runOutsideRequest(() =>
      (async () => {
        for await (const event of events) {
          logger.debug({ ruleId: event.id, missedSince: event.missedSince }, 'Block rules changed; reloading');
          this.invalidate();
        }
      })().catch((error: unknown) => {
        logger.warn({ err: error }, 'Block rules listener stopped');
        this.listening = false;
        this.matcher = null;
        this.generation++;
        this.loading = null;
      }),
    );
  }
}

/**
 * A stored rule as the matcher takes it: put through the rules of `addBlockRule` again, since a row written with SQL
 * (an imported list) may be in another spelling or malformed. A malformed one is logged and left out, never allowed to
 * stop every sign-in and checkout.
 */
function usableRule(row: { id: string; kind: string; value: string }): { kind: BlockRuleKind; value: string }[] {
  // The table's CHECK lists BlockRuleKind's values (tests/api/enum-checks.test.ts compares them).
  const kind = row.kind as BlockRuleKind;
  try {
    return [{ kind, value: parseBlockRule(kind, row.value, null).value }];
  } catch {
    logger.warn({ ruleId: row.id, kind: row.kind, value: row.value }, 'Block rule left out: its value is malformed');
    return [];
  }
}
