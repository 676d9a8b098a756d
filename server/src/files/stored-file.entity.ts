import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type StoredFileKind =
  | 'payment_proof'
  | 'certificate'
  | 'certificate_chain'
  | 'product_download'
  /** The one kind served publicly (GET /product-images/<id>.<ext>). */
  | 'product_image';

/** A file kept in PostgreSQL; served through signed, expiring URLs (files/), except product images, which are public. */
@Entity('stored_files')
export class StoredFile {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId: string | null;

  @Column({ type: 'text' })
  kind: StoredFileKind;

  @Column({ type: 'text' })
  filename: string;

  @Column({ type: 'text' })
  mime: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'text' })
  sha256: string;

  /** Not loaded unless asked for: lists of files never need the bytes. */
  @Column({ type: 'bytea', select: false })
  bytes: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
