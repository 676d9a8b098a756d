import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const ADMIN_ROLE = 'admin';

/** A role granted to a user; `admin` is the one the store checks (docs/product.md "Roles"). */
@Entity('user_roles')
export class UserRole {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'text' })
  role: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
