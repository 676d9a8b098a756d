/**
 * Private file storage (docs/architecture.md "Files"): bytes live in PostgreSQL's `stored_files`. Saving takes the
 * caller's transaction, so a file exists only if the row that references it was committed.
 * An S3-compatible store can replace PgFileStore behind the same interface.
 */
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { hydrate } from '../db/hydrate';
import { StoredFile, type StoredFileKind } from './stored-file.entity';

export interface NewFile {
  ownerId: string | null;
  kind: StoredFileKind;
  filename: string;
  mime: string;
  bytes: Buffer;
  /**
   * The most bytes the owner's files of this kind may take, this one included; over it, `save` throws
   * FileQuotaExceededError and stores nothing. The caller serialises one owner's saves (see
   * CheckoutService): two concurrent saves could each see room for themselves alone.
   */
  quotaBytes?: number;
}

/** `save` refused a file: its owner's files of that kind would take more than `quotaBytes`. */
export class FileQuotaExceededError extends Error {
  constructor() {
    super("The owner's stored files would exceed their quota");
  }
}

export interface FileContent {
  id: string;
  filename: string;
  mime: string;
  size: number;
  bytes: Buffer;
}

export abstract class FileStore {
  abstract save(manager: EntityManager, file: NewFile): Promise<StoredFile>;
  /** The file with this id, or null; with `kind`, only a file of that kind (a public route reads only its own kind). */
  abstract read(id: string, kind?: StoredFileKind): Promise<FileContent | null>;
  /** Deletes a file in the caller's transaction (one no row references any more). */
  abstract delete(manager: EntityManager, id: string): Promise<void>;
}

@Service()
export class PgFileStore extends FileStore {
  constructor(private readonly db: DataSource) {
    super();
  }

  async save(manager: EntityManager, file: NewFile): Promise<StoredFile> {
    // The quota check is part of the insert: no extra round trip for it.
    const rows: Record<string, unknown>[] = await manager.query(
      `INSERT INTO stored_files (owner_id, kind, filename, mime, size, sha256, bytes)
         SELECT $1::uuid, $2::text, $3::text, $4::text, $5::int, $6::text, $7::bytea
         WHERE $8::bigint IS NULL
            OR (SELECT coalesce(sum(size), 0) FROM stored_files WHERE owner_id = $1 AND kind = $2) + $5 <= $8
       RETURNING id, owner_id, kind, filename, mime, size, sha256, created_at`,
      [
        file.ownerId,
        file.kind,
        file.filename,
        file.mime,
        file.bytes.length,
        createHash('sha256').update(file.bytes).digest('hex'),
        file.bytes,
        file.quotaBytes ?? null,
      ],
    );
    if (rows.length === 0) throw new FileQuotaExceededError();
    return hydrate(manager, StoredFile, rows[0]);
  }

  async read(id: string, kind?: StoredFileKind): Promise<FileContent | null> {
    const rows: FileContent[] = await this.db.query(
      `SELECT id, filename, mime, size, bytes FROM stored_files WHERE id = $1 AND ($2::text IS NULL OR kind = $2)`,
      [id, kind ?? null],
    );
    return rows[0] ?? null;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM stored_files WHERE id = $1`, [id]);
  }
}
