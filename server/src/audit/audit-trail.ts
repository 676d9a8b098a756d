/**
 * Where the audit log is written (docs/staff-and-permissions.md "Audit log"): one place for every staff and API-key
 * action, not a line in each service.
 *
 * `@Requires` (graphql/access.ts) adds `AuditTrail` (graphql/audit-trail.middleware.ts) to every operation of staff.
 * For a mutation it opens a per-request
 * scope (AsyncLocalStorage) holding who acts (account, role, API key, IP), what (the operation), on which record (the
 * id among its arguments) and the change (the arguments, secrets left out, when small). The first transaction that
 * commits inside that scope writes the row in its own last statement (`installAuditTrail` wraps the data source's
 * `transaction`), so the entry commits with the action or not at all; a mutation that used no transaction (a single
 * statement, atomic by itself) gets its row right after it succeeded. Reads are not audited.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../accounts/access-token';

export interface AuditEntry {
  actorId: string;
  actorRole: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
  action: string;
  targetId: string | null;
  ip: string | null;
  requestId: string | null;
  change: unknown;
}

interface AuditScope {
  entry: AuditEntry;
  written: boolean;
}

const scope = new AsyncLocalStorage<AuditScope>();

/** The change is kept when its JSON is at most this long; past it, only its size (an import of 4,000 keys is not). */
export const AUDIT_CHANGE_MAX_CHARS = 2000;
/** Arguments never copied into the log: passwords, tokens, the goods themselves, uploaded files. */
const SECRET_ARGUMENT = /password|secret|token|^keys?$|^code$|file|proof|certificate|chain|upload/i;

const INSERT_SQL = `INSERT INTO audit_log (actor_id, actor_email, actor_role, api_key_id, api_key_name, action, target_id,
                                          ip, request_id, change)
  SELECT $1::uuid, (SELECT email FROM users WHERE id = $1::uuid), $2, $3::uuid, $4, $5, $6, $7, $8, $9::jsonb`;

async function write(runner: Pick<EntityManager, 'query'>, entry: AuditEntry): Promise<void> {
  await runner.query(INSERT_SQL, [
    entry.actorId,
    entry.actorRole,
    entry.apiKeyId,
    entry.apiKeyName,
    entry.action,
    entry.targetId,
    entry.ip,
    entry.requestId,
    entry.change === undefined ? null : JSON.stringify(entry.change),
  ]);
}

/**
 * Wraps `db.transaction` (DataSource.transaction goes through its manager's): inside an audit scope not yet written,
 * the callback's work is followed by the audit row, in the same transaction. Marked written only once that
 * transaction committed, so a rolled-back attempt (a retry, a failure) leaves nothing and the next one writes it.
 */
export function installAuditTrail(db: DataSource): void {
  const manager = db.manager;
  const original = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  (manager as { transaction: unknown }).transaction = async (...args: unknown[]) => {
    const current = scope.getStore();
    if (!current || current.written) return original(...args);
    const at = typeof args[0] === 'function' ? 0 : 1;
    const run = args[at] as (tx: EntityManager) => Promise<unknown>;
    let wroteHere = false;
    const wrapped = [...args];
    wrapped[at] = async (tx: EntityManager) => {
      const result = await run(tx);
      if (!current.written) {
        await write(tx, current.entry);
        wroteHere = true;
      }
      return result;
    };
    const result = await original(...wrapped);
    if (wroteHere) current.written = true;
    return result;
  };
}

/**
 * Names the record an audited operation made (a new passkey's id), when its arguments could not: called inside the
 * operation's transaction, before its entry is written. Outside an audit scope it does nothing.
 */
export function auditTarget(id: string): void {
  const current = scope.getStore();
  if (current && !current.written) current.entry.targetId = id;
}

/** The record an operation acts on: `id`, an argument ending in `Id`, or `input.id`. */
function targetOf(args: Record<string, unknown>): string | null {
  const input = args.input && typeof args.input === 'object' ? (args.input as Record<string, unknown>) : {};
  for (const [name, value] of [...Object.entries(args), ['input.id', input.id] as const]) {
    if ((name === 'id' || name === 'input.id' || /Id$/.test(name)) && typeof value === 'string') return value;
  }
  return null;
}

/** The arguments without secrets (recursively), or their size when too large to keep. */
export function auditChange(args: Record<string, unknown>): unknown {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      if (typeof (value as { then?: unknown }).then === 'function') return '[file]';
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) => [key, SECRET_ARGUMENT.test(key) ? '[hidden]' : clean(v)]),
      );
    }
    return value;
  };
  const change = clean(args);
  const text = JSON.stringify(change) ?? 'null';
  return text.length <= AUDIT_CHANGE_MAX_CHARS ? change : { omitted: 'too large', characters: text.length };
}

/** Who acts, and how (`user` as the request's context has it: the role now, the API key if any). */
export function auditEntry(
  request: { user: AuthUser | null; ip: string; requestId: string },
  action: string,
  args: Record<string, unknown>,
): AuditEntry | null {
  const user = request.user;
  if (!user) return null;
  return {
    actorId: user.id,
    actorRole: user.roles[0] ?? null,
    apiKeyId: user.apiKey?.id ?? null,
    apiKeyName: user.apiKey?.name ?? null,
    action,
    targetId: targetOf(args),
    ip: request.ip || null,
    requestId: request.requestId || null,
    change: auditChange(args),
  };
}

/**
 * Runs `action` in an audit scope: the first transaction committing inside it carries `entry`; when none did (the
 * action used no transaction), the entry is written right after the action succeeded. A failed action writes none.
 */
export async function audited<T>(db: DataSource, entry: AuditEntry, action: () => Promise<T>): Promise<T> {
  const state: AuditScope = { entry, written: false };
  const result = await scope.run(state, action);
  if (!state.written) {
    state.written = true;
    await write(db, entry);
  }
  return result;
}
