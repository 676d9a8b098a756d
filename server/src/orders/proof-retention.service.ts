import { DataSource } from 'typeorm';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { OrderStatus } from '../core/enums';

/** Statuses in which an order ended without being paid: its proof has served its purpose. */
const ENDED_UNPAID = [OrderStatus.NOT_RECEIVED, OrderStatus.CANCELLED];
/** Proofs freed per statement: a long backlog is worked off in short transactions. */
const BATCH = 200;

/**
 * Frees the payment proofs of orders that ended unpaid (NOT_RECEIVED or CANCELLED) once
 * PROOF_RETENTION_DAYS have passed since the order's last update: the stored file is deleted and the
 * order's `paymentProofFileId` cleared, so owner and admins see `paymentProofUrl: null`. Orders in any
 * other status keep their proof. This also gives the space back to the customer's proof quota
 * (PROOF_STORAGE_PER_USER_MB, CheckoutService).
 *
 * Several replicas may sweep at once: rows another sweep (or a status change) holds are skipped, and a
 * status change committed first takes its order out of the sweep.
 */
@Service()
export class ProofRetentionService {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /**
   * One sweep; returns how many proofs it deleted. Runs as the hourly job `proofs:sweep` (server/src/jobs.ts) and
   * once when a job runner starts.
   */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [{ count }]: { count: number }[] = await this.db.query(
        // One statement per batch: the orders' references go first, then their files, in one transaction.
        `WITH expired AS (
           SELECT id, payment_proof_file_id FROM orders
           WHERE status = ANY($1) AND payment_proof_file_id IS NOT NULL
             AND updated_at <= now() - make_interval(days => $2)
           ORDER BY updated_at
           LIMIT $3
           FOR UPDATE SKIP LOCKED
         ), cleared AS (
           UPDATE orders o SET payment_proof_file_id = NULL FROM expired e WHERE o.id = e.id
           RETURNING e.payment_proof_file_id AS file_id
         ), deleted AS (
           DELETE FROM stored_files f USING cleared c WHERE f.id = c.file_id RETURNING f.id
         )
         SELECT count(*)::int AS count FROM deleted`,
        [ENDED_UNPAID, this.config.proofRetentionDays, BATCH],
      );
      deleted += count;
      if (count < BATCH) return deleted;
    }
  }
}
