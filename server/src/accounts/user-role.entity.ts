import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The role `npm run admin -- grant` gives: the first owner of a new store. */
export const OWNER_ROLE = 'OWNER';

/**
 * A staff member's role (OWNER, MANAGER, SUPPORT, FULFILMENT; one per account): what it may do is the table in
 * common/staff.ts (docs/staff-and-permissions.md). Written by staff/staff.service.ts and the admin CLI.
 */
@Entity('user_roles')
export class UserRole {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'text' })
  role: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
