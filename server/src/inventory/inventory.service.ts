import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { logger } from '../core/logger';
import { isUuid } from '../../../common/validation';
import { Service } from '../container';
import { InputError, NotFoundError } from '../core/errors';
import { KeyCipher } from './key-cipher';
import { KeyStatus } from './key-status';
import { queueAwaitingStockDeliveries } from '../orders/awaiting-stock';
import { MAX_KEYS_PER_IMPORT, normalizeKeyValue, parseKeyLines, type InvalidLine } from './key-lines';
import { OrderKeys } from './order-keys.service';
import { keyFormat } from './key-format';
import { KEY_FILE_MESSAGES, readKeyFile } from './key-file';
import { discardUpload } from '../files/upload-reader';
import type { UploadValue } from '../files/upload-value';

/** Line numbers listed per kind of refusal; the counts are always exact. */
export const LINES_LISTED = 1_000;
/** Rows per insert statement: large enough to be fast, small enough for PostgreSQL's parameter arrays. */
const INSERT_CHUNK = 10_000;

export const INVENTORY_MESSAGES = {
  tooMany: `At most ${MAX_KEYS_PER_IMPORT.toLocaleString('en-US')} keys per import`,
  empty: 'No keys to import: one key per line',
  notRevocable: 'Only an available key can be revoked: this one belongs to an order',
  unknownKey: 'This product has no such key',
  alreadyRevoked: 'This key is already revoked',
} as const;

export interface KeyImportReport {
  /** Keys added to stock. */
  added: number;
  /** Every duplicate line: `alreadyInStock` and `repeated` together. */
  duplicates: { count: number; lines: number[] };
  /** Keys already in this product's stock (any status), by line. */
  alreadyInStock: { count: number; lines: number[] };
  /** Lines repeating an earlier line of the same import. */
  repeated: { count: number; lines: number[] };
  invalid: { count: number; lines: InvalidLine[] };
}

/** What an import would do, written nowhere (`previewKeyImport`): the admin reads it, then confirms the import. */
export interface KeyImportPreview {
  /** Non-blank lines read. */
  lines: number;
  /** Keys the import would add: new to this product (they may still be flagged below). */
  toAdd: number;
  alreadyInStock: { count: number; lines: number[] };
  repeated: { count: number; lines: number[] };
  invalid: { count: number; lines: InvalidLine[] };
  /** New keys that another product already has in its stock (any status), by line. */
  inOtherProducts: { count: number; lines: number[] };
  /** Keys already given to an order (reserved or delivered), in this product or another, by line. */
  alreadySold: { count: number; lines: number[] };
  /** New keys whose format is another product's and not this one's (key-format.ts), by line. */
  otherFormat: { count: number; lines: number[] };
  /** The other products those lines point to (keys they hold, or their format), with how many lines each. */
  otherProducts: { id: string; name: string; lines: number }[];
}

/** Keys of each product read to learn its formats (a preview decrypts at most this many per product). */
const FORMAT_SAMPLE = 50;

export interface KeyStock {
  available: number;
  reserved: number;
  delivered: number;
  revoked: number;
}

/**
 * Licence keys in stock (docs/inventory.md). Keys are written encrypted (KeyCipher) and found again by their
 * fingerprint, which is unique per product: an import never adds a key the product already has, even when two
 * imports of the same keys run at once.
 */
@Service()
export class InventoryService {
  constructor(
    private readonly db: DataSource,
    private readonly cipher: KeyCipher,
    private readonly orderKeys: OrderKeys,
  ) {}

  /**
   * `importProductKeys`: the keys given as a list (API clients, small lists) or as an uploaded .txt/.csv file (the
   * admin panel sends even pasted keys as one, since the JSON body is limited), never both.
   */
  async importFrom(
    productId: string,
    keys: readonly string[] | null | undefined,
    file: UploadValue | null | undefined,
  ): Promise<KeyImportReport & { stock: KeyStock }> {
    if (keys && file) {
      discardUpload(file);
      throw InputError.field('file', KEY_FILE_MESSAGES.both);
    }
    const text = file ? await readKeyFile(file) : (keys ?? []).join('\n');
    const report = await this.importKeys(productId, text);
    return { ...report, stock: await this.countByStatus(productId) };
  }

  /** Imports the keys of `text` (one per line) into `productId`'s stock, all in one transaction. */
  async importKeys(productId: string, text: string): Promise<KeyImportReport> {
    await this.assertProduct(productId);
    const parsed = parseKeyLines(text);
    if (parsed.lines > MAX_KEYS_PER_IMPORT) throw InputError.field('keys', INVENTORY_MESSAGES.tooMany);
    if (parsed.lines === 0) throw InputError.field('keys', INVENTORY_MESSAGES.empty);

    const values = parsed.keys.map((key) => key.value);
    const added = await this.db.transaction(async (manager) => {
      const inserted = await insertKeys(manager, this.cipher, productId, values);
      // Paid orders that found too few keys are delivered now, oldest first, as the new keys allow.
      if (inserted.some(Boolean)) await queueAwaitingStockDeliveries(manager, productId);
      return inserted;
    });
    // New keys may put the product back in stock, and the count customers see changed either way.
    await this.orderKeys.announceStock(productId, { always: true });
    const inStockLines = parsed.keys.filter((_, index) => !added[index]).map((key) => key.line);
    return {
      added: added.filter(Boolean).length,
      duplicates: listed([...inStockLines, ...parsed.repeated].sort((a, b) => a - b)),
      alreadyInStock: listed(inStockLines),
      repeated: listed(parsed.repeated),
      invalid: { count: parsed.invalid.length, lines: parsed.invalid.slice(0, LINES_LISTED) },
    };
  }

  /**
   * What importing the keys of `text` into `productId` would do, writing nothing: counts, duplicates within the text
   * and against the product, keys another product has or that were sold already, and lines in another product's
   * format. The same checks as `importKeys` (BAD_USER_INPUT for an empty or too long text).
   */
  async previewFrom(
    productId: string,
    keys: readonly string[] | null | undefined,
    file: UploadValue | null | undefined,
  ): Promise<KeyImportPreview> {
    if (keys && file) {
      discardUpload(file);
      throw InputError.field('file', KEY_FILE_MESSAGES.both);
    }
    const text = file ? await readKeyFile(file) : (keys ?? []).join('\n');
    return this.previewKeys(productId, text);
  }

  async previewKeys(productId: string, text: string): Promise<KeyImportPreview> {
    await this.assertProduct(productId);
    const parsed = parseKeyLines(text);
    if (parsed.lines > MAX_KEYS_PER_IMPORT) throw InputError.field('keys', INVENTORY_MESSAGES.tooMany);
    if (parsed.lines === 0) throw InputError.field('keys', INVENTORY_MESSAGES.empty);

    const fingerprints = parsed.keys.map((key) => this.cipher.fingerprint(key.value));
    // Every product's copy of each key: one pass over product_keys, hashed against the text's fingerprints.
    const found: { i: number; product_id: string; status: KeyStatus }[] = await this.db.query(
      `SELECT (f.i - 1)::int AS i, k.product_id, k.status
       FROM unnest($1::bytea[]) WITH ORDINALITY AS f(fp, i)
       JOIN product_keys k ON k.fingerprint = f.fp`,
      [fingerprints],
    );
    const inThis = new Set<number>();
    const elsewhere = new Map<number, string>();
    const sold = new Set<number>();
    for (const row of found) {
      if (row.product_id === productId) inThis.add(row.i);
      else if (!elsewhere.has(row.i)) elsewhere.set(row.i, row.product_id);
      if (row.status === KeyStatus.RESERVED || row.status === KeyStatus.DELIVERED) sold.add(row.i);
    }

    // A sample of each product's keys teaches its formats; products with no keys have none.
    const samples: { product_id: string; name: string; secret: Buffer }[] = await this.db.query(
      `SELECT p.id AS product_id, p.name, k.secret
       FROM products p CROSS JOIN LATERAL (
         SELECT secret FROM product_keys WHERE product_id = p.id LIMIT ${FORMAT_SAMPLE}
       ) k`,
    );
    const names = new Map<string, string>();
    const formats = new Map<string, Set<string>>();
    for (const sample of samples) {
      names.set(sample.product_id, sample.name);
      let plain: string;
      try {
        plain = normalizeKeyValue(this.cipher.decrypt(sample.secret));
      } catch {
        continue; // unreadable under today's key (normalizeLegacyFingerprints logs those)
      }
      let set = formats.get(sample.product_id);
      if (!set) formats.set(sample.product_id, (set = new Set()));
      set.add(keyFormat(plain));
    }
    const own = formats.get(productId) ?? new Set<string>();
    const otherFormat = new Map<number, string>();
    parsed.keys.forEach((key, index) => {
      if (inThis.has(index)) return;
      const format = keyFormat(key.value);
      if (own.has(format)) return;
      for (const [id, set] of formats) {
        if (id !== productId && set.has(format)) {
          otherFormat.set(index, id);
          return;
        }
      }
    });

    const linesOf = (indexes: Iterable<number>) =>
      listed([...indexes].map((index) => parsed.keys[index].line).sort((a, b) => a - b));
    const pointing = new Map<string, Set<number>>();
    for (const [index, id] of [...elsewhere, ...otherFormat]) {
      let set = pointing.get(id);
      if (!set) pointing.set(id, (set = new Set()));
      set.add(index);
    }
    const unknownNames = [...pointing.keys()].filter((id) => !names.has(id));
    if (unknownNames.length > 0) {
      const rows: { id: string; name: string }[] = await this.db.query(
        `SELECT id, name FROM products WHERE id = ANY ($1::uuid[])`,
        [unknownNames],
      );
      for (const row of rows) names.set(row.id, row.name);
    }
    return {
      lines: parsed.lines,
      toAdd: parsed.keys.length - inThis.size,
      alreadyInStock: linesOf(inThis),
      repeated: listed(parsed.repeated),
      invalid: { count: parsed.invalid.length, lines: parsed.invalid.slice(0, LINES_LISTED) },
      inOtherProducts: linesOf([...elsewhere.keys()].filter((index) => !inThis.has(index))),
      alreadySold: linesOf(sold),
      otherFormat: linesOf(otherFormat.keys()),
      otherProducts: [...pointing]
        .map(([id, set]) => ({ id, name: names.get(id) ?? id, lines: set.size }))
        .sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name)),
    };
  }

  /** How many keys of `productId` are in each status. */
  async stock(productId: string): Promise<KeyStock> {
    await this.assertProduct(productId);
    return this.countByStatus(productId);
  }

  private async countByStatus(productId: string): Promise<KeyStock> {
    const rows: { status: KeyStatus; n: number }[] = await this.db.query(
      `SELECT status, count(*)::int AS n FROM product_keys WHERE product_id = $1 GROUP BY status`,
      [productId],
    );
    const count = (status: KeyStatus) => rows.find((row) => row.status === status)?.n ?? 0;
    return {
      available: count(KeyStatus.AVAILABLE),
      reserved: count(KeyStatus.RESERVED),
      delivered: count(KeyStatus.DELIVERED),
      revoked: count(KeyStatus.REVOKED),
    };
  }

  /**
   * Available keys of each product (0 for a product with none), counted in `manager`'s transaction when given.
   */
  async availableCounts(productIds: readonly string[], manager: EntityManager = this.db.manager): Promise<number[]> {
    if (productIds.length === 0) return [];
    const rows: { product_id: string; n: number }[] = await manager.query(
      `SELECT product_id, count(*)::int AS n FROM product_keys
       WHERE product_id = ANY ($1::uuid[]) AND status = $2 GROUP BY product_id`,
      [productIds, KeyStatus.AVAILABLE],
    );
    const counts = new Map(rows.map((row) => [row.product_id, row.n]));
    return productIds.map((id) => counts.get(id) ?? 0);
  }

  /**
   * Takes the available key `value` of `productId` out of stock for good (leaked, refunded by its vendor), found by
   * its fingerprint: the admin pastes the key they were told about. A key sold or reserved is refused (it belongs to
   * an order), and so is one the product does not have. Returns the stock after.
   */
  async revoke(productId: string, value: string): Promise<KeyStock> {
    await this.assertProduct(productId);
    const rows: { status: KeyStatus }[] = await this.db.query(
      `WITH target AS (
         SELECT id, status FROM product_keys WHERE product_id = $1 AND fingerprint = ANY($2) FOR UPDATE
       ), revoked AS (
         UPDATE product_keys k SET status = $3, updated_at = now()
         FROM target t WHERE k.id = t.id AND t.status = $4
         RETURNING k.id
       )
       SELECT t.status FROM target t`,
      [
        productId,
        // As imports normalise it; and as pasted, for a key imported before imports normalised (a trailing no-break
        // space).
        [...new Set([normalizeKeyValue(value), value])].map((v) => this.cipher.fingerprint(v)),
        KeyStatus.REVOKED,
        KeyStatus.AVAILABLE,
      ],
    );
    if (rows.length === 0) throw InputError.field('key', INVENTORY_MESSAGES.unknownKey);
    if (rows[0].status === KeyStatus.REVOKED) throw InputError.field('key', INVENTORY_MESSAGES.alreadyRevoked);
    if (rows[0].status !== KeyStatus.AVAILABLE) throw InputError.field('key', INVENTORY_MESSAGES.notRevocable);
    await this.orderKeys.announceStock(productId, { always: true });
    return this.countByStatus(productId);
  }

  /**
   * Re-fingerprints, in batches, the keys written before fingerprints were of the normalised key (the migration marks
   * them): the same key imported again is then found as already in stock. A key in stock that turns out to be one
   * already sold or held is revoked; two available ones are logged for the admin (revoke one) and both kept. A key
   * that cannot be decrypted is skipped and logged. Returns how many keys were read.
   */
  async normalizeLegacyFingerprints(): Promise<number> {
    let read = 0;
    for (;;) {
      const batch = await this.db.transaction(async (manager) => {
        const rows: { id: string; product_id: string; secret: Buffer; fingerprint: Buffer }[] = await manager.query(
          `SELECT id, product_id, secret, fingerprint FROM product_keys WHERE NOT fingerprint_normalized
           LIMIT 1000 FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) {
          let fingerprint: Buffer;
          try {
            fingerprint = this.cipher.fingerprint(normalizeKeyValue(this.cipher.decrypt(row.secret)));
          } catch (error) {
            // Unreadable under today's key: left as it is (marked, so it is not read again), never stopping the rest.
            await manager.query(`UPDATE product_keys SET fingerprint_normalized = true WHERE id = $1`, [row.id]);
            logger.warn(
              { err: error, keyId: row.id },
              'Licence key could not be decrypted to normalise its fingerprint',
            );
            continue;
          }
          const [outcome]: { changed: boolean; twin_status: string | null }[] = await manager.query(
            `WITH twin AS (
               SELECT status FROM product_keys WHERE product_id = $3 AND fingerprint = $2 AND id <> $1 LIMIT 1
             ), changed AS (
               UPDATE product_keys SET fingerprint = $2, fingerprint_normalized = true
               WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM twin)
               RETURNING id
             )
             SELECT EXISTS (SELECT 1 FROM changed) AS changed, (SELECT status FROM twin) AS twin_status`,
            [row.id, fingerprint, row.product_id],
          );
          if (outcome.changed) continue;
          // The same key twice in stock. One already sold or held must never be sold again as the other: an
          // available twin of it is revoked; two available ones are both kept and logged for the admin.
          const revoked: unknown[] = await manager.query(
            `WITH revoked AS (
               UPDATE product_keys SET fingerprint_normalized = true,
                 status = CASE WHEN status = $3 AND $2 <> $3 THEN $4 ELSE status END
               WHERE id = $1 RETURNING status
             )
             SELECT status FROM revoked WHERE status = $4`,
            [row.id, outcome.twin_status, KeyStatus.AVAILABLE, KeyStatus.REVOKED],
          );
          logger.warn(
            { keyId: row.id, productId: row.product_id, twinStatus: outcome.twin_status, revoked: revoked.length > 0 },
            revoked.length > 0
              ? 'A licence key in stock was the same key as one already sold or held: the copy in stock is revoked'
              : 'Two licence keys in stock are the same key once normalised: revoke one of them',
          );
        }
        return rows.length;
      });
      read += batch;
      if (batch < 1000) return read;
    }
  }

  private async assertProduct(productId: string): Promise<void> {
    if (!isUuid(productId)) throw new NotFoundError('Product');
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM products WHERE id = $1`, [productId]);
    if (rows.length === 0) throw new NotFoundError('Product');
  }
}

/**
 * Writes `values` (distinct keys) into `productId`'s stock, encrypted, skipping keys it already has; returns, per
 * value, whether it was added. Shared by imports and the demo seed.
 */
export async function insertKeys(
  manager: EntityManager,
  cipher: KeyCipher,
  productId: string,
  values: readonly string[],
): Promise<boolean[]> {
  const fingerprints = values.map((value) => cipher.fingerprint(value));
  const indexOf = new Map(fingerprints.map((fingerprint, index) => [fingerprint.toString('base64'), index]));
  const added = values.map(() => false);
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const chunk = values.slice(start, start + INSERT_CHUNK);
    const rows: { fingerprint: Buffer }[] = await manager.query(
      `INSERT INTO product_keys (product_id, secret, fingerprint)
       SELECT $1, s, f FROM unnest($2::bytea[], $3::bytea[]) AS k(s, f)
       ON CONFLICT (product_id, fingerprint) DO NOTHING
       RETURNING fingerprint`,
      [productId, cipher.encryptMany(chunk), fingerprints.slice(start, start + INSERT_CHUNK)],
    );
    for (const row of rows) added[indexOf.get(row.fingerprint.toString('base64')) as number] = true;
  }
  return added;
}

function listed(lines: number[]): { count: number; lines: number[] } {
  return { count: lines.length, lines: lines.slice(0, LINES_LISTED) };
}

/** Once at start: the keys written before fingerprints were normalised are re-fingerprinted (a no-op afterwards). */
export const keyFingerprintsJob = defineJob({
  task: 'keys:normalize-fingerprints',
  payload: z.object({}),
  atStart: { jobKey: 'keys:normalize-fingerprints' },
  run: async (_payload, { container }) => {
    const read = await container.get(InventoryService).normalizeLegacyFingerprints();
    if (read > 0) logger.info({ read }, 'Licence key fingerprints normalised');
  },
});
