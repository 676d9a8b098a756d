import { DataSource, type EntityManager } from 'typeorm';
import { CUSTOMER_MESSAGES, isUuid } from '../../../common/validation';
import { Service } from '../container';
import { ForbiddenError } from '../core/errors';

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
    const rows: unknown[] = await manager.query(`SELECT 1 FROM users WHERE id = $1 AND blocked_at IS NOT NULL`, [
      userId,
    ]);
    return rows.length > 0;
  }

  /** FORBIDDEN with CUSTOMER_MESSAGES.accountBlocked when `userId` is blocked. */
  async assertNotBlocked(userId: string, manager?: EntityManager): Promise<void> {
    if (await this.isBlocked(userId, manager)) throw new ForbiddenError(CUSTOMER_MESSAGES.accountBlocked);
  }

  /** The accounts blocked at or after `since`: what a process re-checks after its event bus lost events. */
  async blockedSince(since: Date): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM users WHERE blocked_at >= $1`, [since]);
    return rows.map((row) => row.id);
  }
}
