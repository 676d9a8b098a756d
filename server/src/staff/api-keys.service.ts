import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SHOWN_CHARS,
  API_KEY_WITHHELD,
  apiKeyNameSchema,
} from '../../../common/api-keys';
import { isUuid } from '../../../common/validation';
import { PERMISSIONS, type PermissionName } from '../../../common/staff';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { InputError, NotFoundError } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { logger } from '../core/logger';
import { can } from './permissions';
import { StaffRoles } from './staff-roles.service';

/** Keys one process keeps (unknown secrets included, so guessing cannot fill memory); past it the cache starts again. */
const MAX_CACHED = 10_000;
/** `last_used_at` is written at most this often per key and process: never a write per request. */
export const LAST_USE_EVERY_MS = 60_000;
/**
 * Requests one key may make per minute in one process, like a session's per-account limits: an integrator's loop
 * gone wrong slows down instead of taking the store's capacity (docs/staff-and-permissions.md "API keys").
 */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

interface KeyRow {
  id: string;
  name: string;
  permissions: PermissionName[];
  createdBy: string;
}

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  permissions: PermissionName[];
  createdByEmail: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * API keys (docs/staff-and-permissions.md "API keys"). A key acts as a principal of its own: its permissions, cut to
 * its creator's role now (a creator demoted or removed takes the key down with them). Every request with a key looks
 * it up by its secret's SHA-256, so found keys are kept in memory per process and dropped on the `accounts` bus event
 * that a revocation publishes on commit (as StaffRoles is): a revoked key is refused on the next request everywhere.
 */
@Service()
export class ApiKeyService {
  private readonly cache = new Map<string, Promise<KeyRow | null>>();
  private readonly lastUse = new Map<string, number>();
  private readonly windows = new Map<string, { start: number; count: number }>();
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly roles: StaffRoles,
  ) {}

  /**
   * Makes a key for `creator`: the secret is returned once and stored only as its SHA-256. Its permissions must be
   * the creator's own (never more) and never STAFF (BAD_USER_INPUT on field `permissions`).
   */
  async create(
    creator: AuthUser,
    nameInput: string,
    permissions: PermissionName[],
  ): Promise<{ apiKey: ApiKeyView; secret: string }> {
    const parsedName = apiKeyNameSchema.safeParse(nameInput);
    if (!parsedName.success) throw InputError.field('name', API_KEY_MESSAGES.name);
    const name = parsedName.data;
    const chosen = [...new Set(permissions)].filter((p) => (PERMISSIONS as readonly string[]).includes(p));
    if (chosen.length === 0) throw InputError.field('permissions', API_KEY_MESSAGES.noPermissions);
    if (chosen.some((p) => API_KEY_WITHHELD.includes(p))) {
      throw InputError.field('permissions', API_KEY_MESSAGES.withheld);
    }
    const beyond = chosen.find((p) => !can(creator, p));
    if (beyond) throw InputError.field('permissions', API_KEY_MESSAGES.beyondCreator(beyond));
    const ordered = PERMISSIONS.filter((p) => chosen.includes(p));
    const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const id = await this.db.transaction(async (tx) => {
      const [row]: { id: string }[] = await tx.query(
        `INSERT INTO api_keys (name, prefix, secret_hash, permissions, created_by) VALUES ($1, $2, $3, $4, $5)
         RETURNING id`,
        [name, secret.slice(0, API_KEY_SHOWN_CHARS), sha256(secret), ordered, creator.id],
      );
      return row.id;
    });
    return { apiKey: (await this.view(id))!, secret };
  }

  /** Revokes key `id` (again: nothing more), on every replica from its next request (NOT_FOUND for an unknown id). */
  async revoke(id: string): Promise<boolean> {
    if (!isUuid(id)) throw new NotFoundError(API_KEY_MESSAGES.notFound);
    await this.db.transaction(async (tx) => {
      const rows: unknown[] = await tx.query(
        `WITH revoked AS (UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id)
         SELECT id FROM revoked`,
        [id],
      );
      // Thrown inside the transaction, so the audit entry it would carry goes with it (audit/audit-trail.ts).
      if (rows.length === 0) throw new NotFoundError(API_KEY_MESSAGES.notFound);
      await this.bus.publish({ topic: 'accounts', id }, tx);
    });
    this.forget();
    return true;
  }

  /** Every key, newest first, revoked ones included (they stay named in the audit log). */
  async list(): Promise<ApiKeyView[]> {
    const rows: Record<string, unknown>[] = await this.db.query(`${VIEW_SQL} ORDER BY k.created_at DESC, k.id DESC`);
    return rows.map(toView);
  }

  private async view(id: string): Promise<ApiKeyView | null> {
    const [row]: Record<string, unknown>[] = await this.db.query(`${VIEW_SQL} WHERE k.id = $1`, [id]);
    return row ? toView(row) : null;
  }

  /**
   * The principal of `secret` (an `Authorization: Bearer sk_store_…`), or null when it is not a live key or its
   * creator is no longer staff: the request is then signed out, and anything but public operations UNAUTHENTICATED.
   */
  async principal(secret: string): Promise<AuthUser | null> {
    if (!API_KEY_PATTERN.test(secret)) return null;
    const key = await this.lookup(sha256(secret));
    if (!key) return null;
    const role = await this.roles.roleOf(key.createdBy);
    if (!role) return null;
    this.noteUse(key.id);
    const retryAfterSeconds = this.overLimit(key.id);
    return {
      id: key.createdBy,
      roles: [role],
      apiKey: {
        id: key.id,
        name: key.name,
        permissions: key.permissions,
        ...(retryAfterSeconds && { retryAfterSeconds }),
      },
    };
  }

  private lookup(hash: string): Promise<KeyRow | null> {
    this.listen();
    const cached = this.cache.get(hash);
    if (cached) return cached;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    // Stored before it resolves: a revocation arriving meanwhile clears it (forget), so a racing read is not kept.
    const read = this.read(hash);
    this.cache.set(hash, read);
    read.catch(() => this.cache.get(hash) === read && this.cache.delete(hash));
    return read;
  }

  private async read(hash: string): Promise<KeyRow | null> {
    const [row]: { id: string; name: string; permissions: PermissionName[]; created_by: string }[] =
      await this.db.query(
        `SELECT id, name, permissions, created_by FROM api_keys WHERE secret_hash = $1 AND revoked_at IS NULL`,
        [hash],
      );
    return row ? { id: row.id, name: row.name, permissions: row.permissions, createdBy: row.created_by } : null;
  }

  /**
   * Forgets every key this process holds: called on any `accounts` event (a revocation publishes one with the key's
   * id; blocks and role changes are rare too) and after a revocation here. Keys are few, each re-read in one query;
   * clearing all of it also drops a read still pending, which may hold the key as it was.
   */
  private forget(): void {
    this.cache.clear();
  }

  /** Records the use at most once a minute per key in this process, off the request's path. */
  private noteUse(id: string): void {
    const now = Date.now();
    if (now - (this.lastUse.get(id) ?? 0) < LAST_USE_EVERY_MS) return;
    if (this.lastUse.size >= MAX_CACHED) this.lastUse.clear();
    this.lastUse.set(id, now);
    this.db
      .query(`UPDATE api_keys SET last_used_at = now() WHERE id = $1`, [id])
      .catch((error: unknown) => logger.warn({ err: error }, 'Could not record an API key use'));
  }

  /** Seconds until the key's one-minute window ends when it is over its limit; 0 while within it. */
  private overLimit(id: string): number {
    const now = Date.now();
    let window = this.windows.get(id);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size >= MAX_CACHED) this.windows.clear();
      window = { start: now, count: 0 };
      this.windows.set(id, window);
    }
    window.count += 1;
    return window.count > API_KEY_REQUESTS_PER_MINUTE ? Math.ceil((window.start + 60_000 - now) / 1000) : 0;
  }

  /** Subscribes on first use, so processes that never see a key (the worker) do not listen. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('accounts');
    void (async () => {
      try {
        for await (const _event of events) this.forget();
      } catch (error) {
        logger.warn({ err: error }, 'API keys stopped listening');
      } finally {
        this.listening = false;
        this.cache.clear();
      }
    })();
  }
}

const VIEW_SQL = `SELECT k.id, k.name, k.prefix, k.permissions, k.created_at, k.last_used_at, k.revoked_at,
                         u.email AS created_by_email
                    FROM api_keys k LEFT JOIN users u ON u.id = k.created_by`;

function toView(row: Record<string, unknown>): ApiKeyView {
  return {
    id: row.id as string,
    name: row.name as string,
    prefix: row.prefix as string,
    permissions: row.permissions as PermissionName[],
    createdByEmail: (row.created_by_email as string | null) ?? null,
    createdAt: row.created_at as Date,
    lastUsedAt: (row.last_used_at as Date | null) ?? null,
    revokedAt: (row.revoked_at as Date | null) ?? null,
  };
}
