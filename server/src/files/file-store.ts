/**
 * Private file storage (DESIGN.md §1): bytes live in PostgreSQL's `stored_files`. Saving takes the
 * caller's transaction, so a file exists only if the row that references it was committed.
 * An S3-compatible store can replace PgFileStore behind the same interface.
 */
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { StoredFile, type StoredFileKind } from './stored-file.entity';

export interface NewFile {
  ownerId: string | null;
  kind: StoredFileKind;
  filename: string;
  mime: string;
  bytes: Buffer;
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
  abstract read(id: string): Promise<FileContent | null>;
}

@Service()
export class PgFileStore extends FileStore {
  constructor(private readonly db: DataSource) {
    super();
  }

  async save(manager: EntityManager, file: NewFile): Promise<StoredFile> {
    const row = manager.getRepository(StoredFile).create({
      ownerId: file.ownerId,
      kind: file.kind,
      filename: file.filename,
      mime: file.mime,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      bytes: file.bytes,
    });
    return manager.getRepository(StoredFile).save(row);
  }

  async read(id: string): Promise<FileContent | null> {
    const rows: FileContent[] = await this.db.query(
      `SELECT id, filename, mime, size, bytes FROM stored_files WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}
