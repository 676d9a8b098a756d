import { DataSource } from 'typeorm';
import { DEFAULT_STORE_SETTINGS, storeSettingsSchema, type StoreSettingsValues } from '../../../common/store-settings';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { parseInput } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { logger, runOutsideRequest } from '../core/logger';
import { rowsOf, sqlQuery } from '../db/typed-sql';

/** The settings with when they were saved (null: never, the defaults). */
export interface CurrentStoreSettings extends StoreSettingsValues {
  updatedAt: Date | null;
}

const DEFAULTS: CurrentStoreSettings = Object.freeze({ ...DEFAULT_STORE_SETTINGS, updatedAt: null });

/**
 * The store's name, contacts and policy texts (docs/product.md "Store settings"): owns `store_settings`.
 *
 * They are read on every page render and every e-mail, so each process keeps them in memory: loaded on first use,
 * dropped on each 'store-settings' event of the bus (a trigger on the table publishes it for every statement that
 * changes the row, migration StoreSettings1766700000000, so every replica hears it on commit, whoever wrote it) and on
 * the bus's catch-up event. The process that saves drops its copy at once, so the admin's next request sees the save.
 * `version` counts the drops: what a transport keeps computed from the settings (server-rendered pages) is kept per
 * version, as pages are per catalogue version.
 */
@Service()
export class StoreSettingsService {
  private settings: CurrentStoreSettings | null = null;
  /** The settings last loaded, kept through a drop: what `peek` answers while they are loaded again. */
  private lastKnown: CurrentStoreSettings | null = null;
  private loading: Promise<CurrentStoreSettings> | null = null;
  /** Bumped by every drop: a load that started before it must not install what it read. */
  private generation = 0;
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** The settings as they are now: from memory, or loaded once by concurrent callers. */
  current(): Promise<CurrentStoreSettings> {
    this.listenForChanges();
    if (this.settings) return Promise.resolve(this.settings);
    return (this.loading ??= this.load());
  }

  /**
   * The settings without waiting, for code that cannot (e-mail contexts read synchronously): the kept ones, else the
   * last loaded (while a change is read again), else the defaults; starts a load when none is kept. Callers that can
   * wait use `current`.
   */
  peek(): CurrentStoreSettings {
    const kept = this.settings;
    if (kept) return kept;
    this.current().catch((error: unknown) => logger.warn({ err: error }, 'Could not load the store settings'));
    return this.lastKnown ?? DEFAULTS;
  }

  /**
   * The version of the settings in this process, bumped whenever they are dropped. Taken before reading them: what is
   * kept under it was computed from these settings or newer ones, never older.
   */
  version(): number {
    this.listenForChanges();
    return this.generation;
  }

  /** Replaces every setting (BAD_USER_INPUT naming the field when one is malformed); every process drops its copy. */
  async update(admin: AuthUser, input: Record<string, unknown>): Promise<CurrentStoreSettings> {
    const values = parseInput(storeSettingsSchema, input);
    const row = {
      store_name: values.storeName,
      support_email: values.supportEmail,
      support_phone: values.supportPhone,
      support_hours: values.supportHours,
      time_zone: values.timeZone,
      terms_text: values.termsText,
      refund_text: values.refundText,
      privacy_text: values.privacyText,
      updated_by: admin.id,
    };
    // One statement: the row and its notification (the table's trigger) commit together or not at all.
    const [saved] = await rowsOf(
      this.db,
      sqlQuery
        .insertInto('store_settings')
        .values({ id: true, ...row })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ ...row, updated_at: new Date() }))
        .returning('updated_at'),
    );
    this.invalidate();
    logger.info({ adminId: admin.id }, 'Store settings saved');
    return { ...values, updatedAt: new Date(saved.updated_at) };
  }

  private async load(): Promise<CurrentStoreSettings> {
    const generation = this.generation;
    try {
      const [row] = await rowsOf(this.db, sqlQuery.selectFrom('store_settings').selectAll());
      const settings: CurrentStoreSettings = row
        ? Object.freeze({
            storeName: row.store_name,
            supportEmail: row.support_email,
            supportPhone: row.support_phone,
            supportHours: row.support_hours,
            timeZone: row.time_zone,
            termsText: row.terms_text,
            refundText: row.refund_text,
            privacyText: row.privacy_text,
            updatedAt: new Date(row.updated_at),
          })
        : DEFAULTS;
      if (generation === this.generation) this.settings = settings;
      this.lastKnown = settings;
      return settings;
    } finally {
      if (generation === this.generation) this.loading = null;
    }
  }

  /** Drops the kept settings (a load under way may have read them before the change); the next read loads them. */
  private invalidate(): void {
    this.generation++;
    this.settings = null;
    this.loading = null;
  }

  /**
   * Subscribes to 'store-settings' once and drops the settings on every event, the bus's catch-up event after lost
   * notifications included. Should the listener stop, they are dropped and the next read subscribes again.
   */
  private listenForChanges(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('store-settings');
    // The listener outlives the request that started it: its lines must not carry that request's id.
    void runOutsideRequest(() =>
      (async () => {
        for await (const event of events) {
          logger.debug({ missedSince: event.missedSince }, 'Store settings changed; dropped');
          this.invalidate();
        }
      })().catch((error: unknown) => {
        logger.warn({ err: error }, 'Store settings listener stopped');
        this.listening = false;
        this.invalidate();
      }),
    );
  }
}
