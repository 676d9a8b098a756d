import { logger } from '../core/logger';
import { z } from 'zod';
import { defineJob } from '../core/job-definition';
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
      const [{ cleared, files }]: { cleared: number; files: number }[] = await this.db.query(
        // One statement per batch: the orders' references go first, then their files, in one transaction. The
        // schema lets orders share a file (imports, the benchmark's seed): one still used by an order outside
        // the batch stays (the statement sees orders as they were before its own update).
        `WITH expired AS (
           SELECT id, payment_proof_file_id FROM orders
           WHERE status = ANY($1) AND payment_proof_file_id IS NOT NULL
             AND updated_at <= now() - make_interval(days => $2)
           ORDER BY updated_at
           LIMIT $3
           -- Not FOR UPDATE: rows that only reference the order (an outbox message being written) need not wait.
           FOR NO KEY UPDATE SKIP LOCKED
         ), cleared AS (
           UPDATE orders o SET payment_proof_file_id = NULL FROM expired e WHERE o.id = e.id
           RETURNING e.payment_proof_file_id AS file_id
         ), deleted AS (
           DELETE FROM stored_files f
           WHERE f.id IN (SELECT file_id FROM cleared)
             AND NOT EXISTS (
               SELECT 1 FROM orders o
               WHERE o.payment_proof_file_id = f.id AND o.id NOT IN (SELECT id FROM expired)
             )
           RETURNING f.id
         )
         SELECT (SELECT count(*) FROM cleared)::int AS cleared, (SELECT count(*) FROM deleted)::int AS files`,
        [ENDED_UNPAID, this.config.proofRetentionDays, BATCH],
      );
      deleted += files;
      if (cleared < BATCH) return deleted;
    }
  }
}

/** Hourly: deletes the payment proofs of orders that ended unpaid long ago. */
export const proofSweepJob = defineJob({
  task: 'proofs:sweep',
  payload: z.object({}),
  schedule: { cron: '0 * * * *' },
  // A process that never lives an hour still sweeps.
  atStart: { jobKey: 'proofs:sweep' },
  run: async (_payload, { container }) => {
    const deleted = await container.get(ProofRetentionService).sweep();
    if (deleted > 0) logger.info({ deleted }, 'Payment proofs of orders that ended unpaid deleted');
  },
});
