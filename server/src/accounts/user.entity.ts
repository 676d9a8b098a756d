import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A sign-in identity. Never exposed as a GraphQL type: `Viewer`, `Profile` and (to admins) `Customer` are. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Always lower-case (a CHECK constraint enforces it). */
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When an admin blocked the account (docs/product.md "Customers"); null while it may sign in and order. */
  @Column({ name: 'blocked_at', type: 'timestamptz', nullable: true })
  blockedAt: Date | null;

  /** When the address was confirmed by a mailed link (null: not yet). */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** When every session before it was ended (reset, change of password, sign-out everywhere). */
  @Column({ name: 'sessions_ended_at', type: 'timestamptz', nullable: true })
  sessionsEndedAt: Date | null;

  /** The admin who blocked it, for the record. */
  @Column({ name: 'blocked_by', type: 'uuid', nullable: true })
  blockedBy: string | null;
}
