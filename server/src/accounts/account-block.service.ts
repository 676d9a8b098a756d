import { DataSource, type EntityManager } from 'typeorm';
import { CUSTOMER_MESSAGES, isUuid } from '../../../common/validation';
import { Service } from '../container';
import { ForbiddenError } from '../core/errors';

/** SQL that is true when the user with id `userIdSql` is blocked: for statements that read it with other things. */
export function isBlockedSql(userIdSql: string): string {
  return `EXISTS (SELECT 1 FROM users WHERE id = ${userIdSql} AND blocked_at IS NOT NULL)`;
}

/** The error a blocked account gets for what it may no longer do. */
export function accountBlockedError(): ForbiddenError {
  return new ForbiddenError(CUSTOMER_MESSAGES.accountBlocked);
}

/**
 * Whether an account is blocked (docs/product.md "Customers": a blocked customer cannot sign in, refresh a session
 * or place an order). Read from the database at each of those moments, never from the access token, so a block
 * takes effect at once for tokens issued before it.
 */
@Service()
export class AccountBlocks {
  constructor(private readonly db: DataSource) {}

  /** True when `userId` is a blocked account (false for unknown ids). */
  async isBlocked(userId: string, manager: EntityManager = this.db.manager): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const [row]: { blocked: boolean }[] = await manager.query(`SELECT ${isBlockedSql('$1')} AS blocked`, [userId]);
    return row.blocked;
  }

  /** FORBIDDEN with CUSTOMER_MESSAGES.accountBlocked when `userId` is blocked. */
  async assertNotBlocked(userId: string, manager?: EntityManager): Promise<void> {
    if (await this.isBlocked(userId, manager)) throw accountBlockedError();
  }

  /** The accounts blocked at or after `since`: what a process re-checks after its event bus lost events. */
  async blockedSince(since: Date): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM users WHERE blocked_at >= $1`, [since]);
    return rows.map((row) => row.id);
  }
}
