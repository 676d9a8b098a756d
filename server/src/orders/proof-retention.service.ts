import { DataSource } from 'typeorm';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { OrderStatus } from '../core/enums';
import { logger } from '../core/logger';

/** Statuses in which an order ended without being paid: its proof has served its purpose. */
const ENDED_UNPAID = [OrderStatus.NOT_RECEIVED, OrderStatus.CANCELLED];
const SWEEP_EVERY_MS = 60 * 60 * 1000;
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Sweeps now, then hourly, until `stop()`. */
  start(): void {
    // In-process for now: the durable job queue (graphile-worker) of a later issue takes this sweep over.
    this.runLogged();
    this.timer = setInterval(() => this.runLogged(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress, so the pool can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One sweep; returns how many proofs it deleted. */
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

  private runLogged(): void {
    // A sweep still running (a long backlog) is not started twice.
    if (this.running) return;
    this.running = this.sweep()
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted }, 'Payment proofs of orders that ended unpaid deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'Payment proof sweep failed'))
      .finally(() => {
        this.running = undefined;
      });
  }
}
