import { DataSource } from 'typeorm';
import { isUuid } from '../../../common/validation';
import { Service } from '../container';
import { InputError, NotFoundError } from '../core/errors';
import { KeyCipher } from './key-cipher';
import { MAX_KEYS_PER_IMPORT, parseKeyLines, type InvalidLine } from './key-lines';

/** Line numbers listed per kind of refusal; the counts are always exact. */
export const LINES_LISTED = 1_000;
/** Rows per insert statement: large enough to be fast, small enough for PostgreSQL's parameter arrays. */
const INSERT_CHUNK = 10_000;

export const INVENTORY_MESSAGES = {
  tooMany: `At most ${MAX_KEYS_PER_IMPORT.toLocaleString('en-US')} keys per import`,
  empty: 'No keys to import: one key per line',
  notRevocable: 'Only an available key can be revoked',
} as const;

export interface KeyImportReport {
  imported: number;
  /** Keys already in this product's stock (any status), by line. */
  alreadyInStock: { count: number; lines: number[] };
  /** Lines repeating an earlier line of the same import. */
  repeated: { count: number; lines: number[] };
  invalid: { count: number; lines: InvalidLine[] };
}

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
  ) {}

  /** Imports the keys of `text` (one per line) into `productId`'s stock, all in one transaction. */
  async importKeys(productId: string, text: string): Promise<KeyImportReport> {
    await this.assertProduct(productId);
    const parsed = parseKeyLines(text);
    if (parsed.lines > MAX_KEYS_PER_IMPORT) throw InputError.field('keys', INVENTORY_MESSAGES.tooMany);
    if (parsed.lines === 0) throw InputError.field('keys', INVENTORY_MESSAGES.empty);

    const fingerprints = parsed.keys.map((key) => this.cipher.fingerprint(key.value));
    const secrets = parsed.keys.map((key) => this.cipher.encrypt(key.value));
    const added = new Set<string>();
    await this.db.transaction(async (manager) => {
      for (let start = 0; start < parsed.keys.length; start += INSERT_CHUNK) {
        const rows: { fingerprint: Buffer }[] = await manager.query(
          `INSERT INTO product_keys (product_id, secret, fingerprint)
           SELECT $1, s, f FROM unnest($2::bytea[], $3::bytea[]) AS k(s, f)
           ON CONFLICT (product_id, fingerprint) DO NOTHING
           RETURNING fingerprint`,
          [productId, secrets.slice(start, start + INSERT_CHUNK), fingerprints.slice(start, start + INSERT_CHUNK)],
        );
        for (const row of rows) added.add(row.fingerprint.toString('base64'));
      }
    });
    const inStockLines = parsed.keys
      .filter((_, index) => !added.has(fingerprints[index].toString('base64')))
      .map((key) => key.line);
    return {
      imported: added.size,
      alreadyInStock: listed(inStockLines),
      repeated: listed(parsed.repeated),
      invalid: { count: parsed.invalid.length, lines: parsed.invalid.slice(0, LINES_LISTED) },
    };
  }

  /** How many keys of `productId` are in each status. */
  async stock(productId: string): Promise<KeyStock> {
    await this.assertProduct(productId);
    const rows: { status: keyof KeyStock; n: number }[] = await this.db.query(
      `SELECT status, count(*)::int AS n FROM product_keys WHERE product_id = $1 GROUP BY status`,
      [productId],
    );
    const stock: KeyStock = { available: 0, reserved: 0, delivered: 0, revoked: 0 };
    for (const row of rows) stock[row.status] = row.n;
    return stock;
  }

  /** Takes an available key out of stock for good (leaked, refunded by the vendor); refuses any other. */
  async revoke(keyId: string): Promise<void> {
    if (!isUuid(keyId)) throw new NotFoundError('Key');
    const rows: { status: string }[] = await this.db.query(
      `WITH target AS (SELECT id, status FROM product_keys WHERE id = $1 FOR UPDATE),
       revoked AS (
         UPDATE product_keys k SET status = 'revoked', updated_at = now()
         FROM target t WHERE k.id = t.id AND t.status = 'available'
         RETURNING k.id
       )
       SELECT t.status FROM target t`,
      [keyId],
    );
    if (rows.length === 0) throw new NotFoundError('Key');
    if (rows[0].status !== 'available') throw InputError.field('keyId', INVENTORY_MESSAGES.notRevocable);
  }

  private async assertProduct(productId: string): Promise<void> {
    if (!isUuid(productId)) throw new NotFoundError('Product');
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM products WHERE id = $1`, [productId]);
    if (rows.length === 0) throw new NotFoundError('Product');
  }
}

function listed(lines: number[]): { count: number; lines: number[] } {
  return { count: lines.length, lines: lines.slice(0, LINES_LISTED) };
}
