import { DataSource, IsNull, MoreThanOrEqual, Not, type EntityManager } from 'typeorm';
import { Service } from '../container';
import type { PaymentMethod } from '../core/enums';
import { ChainPayment, ChainPaymentStatus } from './chain-payment.entity';
import { ChainReaders } from './chains/chain-readers';

/** A transaction id as SQL compares it, however it was typed: lower case, without ETH's "0x" (hexTxId's rule). */
export const txIdKeySql = (expression: string) => `replace(lower(${expression}), '0x', '')`;

/**
 * When a payment was sent, for the quote lock: the earlier of its block's time and when the store first saw it (a
 * payment broadcast inside the lock and mined after it was sent inside it).
 */
export const sentAt = (p: Pick<ChainPayment, 'blockTime' | 'detectedAt'>) =>
  Math.min(p.blockTime?.getTime() ?? Infinity, p.detectedAt.getTime());

/**
 * The payments module's query API over what the chains showed (`chain_payments`): other modules read an order's
 * payments here, never from the table (docs/architecture.md "Module ownership").
 */
@Service()
export class ChainPaymentRecords {
  constructor(
    private readonly db: DataSource,
    private readonly readers: ChainReaders,
  ) {}

  /** Whether payments of `method` are read from its chain (else an admin confirms them by hand). */
  readsChain(method: PaymentMethod): boolean {
    return this.readers.forMethod(method) !== null;
  }

  /** The payments of order `orderId` that did not fail (confirmed or not), oldest first. */
  ofOrder(manager: EntityManager, orderId: string): Promise<ChainPayment[]> {
    return manager.getRepository(ChainPayment).find({
      where: { orderId, status: Not(ChainPaymentStatus.FAILED) },
      order: { detectedAt: 'ASC' },
    });
  }

  /** The payments of order `orderId` in a block at least (not failed, confirmed or not). */
  inBlockOf(manager: EntityManager, orderId: string): Promise<ChainPayment[]> {
    return manager.getRepository(ChainPayment).find({
      where: { orderId, status: Not(ChainPaymentStatus.FAILED), confirmations: MoreThanOrEqual(1) },
    });
  }

  /** Has a payment (not a failed one) been seen on chain for order `orderId`? Then it can no longer be cancelled. */
  async hasPaymentFor(manager: EntityManager, orderId: string): Promise<boolean> {
    return manager.getRepository(ChainPayment).exists({ where: { orderId, status: Not(ChainPaymentStatus.FAILED) } });
  }

  /**
   * Has transaction `txId` (as a customer typed it) already paid an order other than `orderId`? A transaction pays
   * one order: the unique constraint on its outputs makes sure, this says so before the customer waits for a check.
   */
  async paidAnotherOrder(manager: EntityManager, orderId: string, txId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM chain_payments
       WHERE ${txIdKeySql('tx_id')} = ${txIdKeySql('$1')} AND order_id IS NOT NULL AND order_id <> $2
       LIMIT 1`,
      [txId, orderId],
    );
    return rows.length > 0;
  }

  /**
   * Has transaction `txId` (in its canonical form: ChainTransaction.txId) been recorded as a payment to the store on a
   * chain? Then it is a customer's payment, never a refund paid back to one (refunds/).
   */
  isPayment(manager: EntityManager, txId: string): Promise<boolean> {
    return manager.getRepository(ChainPayment).exists({ where: { txId } });
  }

  /**
   * The payments of order `orderId` that a reorganisation took back and that have not confirmed again (failed, or
   * waiting for confirmations anew), oldest first.
   */
  reorgedOf(manager: EntityManager, orderId: string): Promise<ChainPayment[]> {
    return manager.getRepository(ChainPayment).find({
      where: { orderId, reorgedAt: Not(IsNull()), status: Not(ChainPaymentStatus.CONFIRMED) },
      order: { detectedAt: 'ASC' },
    });
  }

  /** The confirmed payments of order `orderId`: what it received on chain for certain. */
  confirmedOf(manager: EntityManager, orderId: string): Promise<ChainPayment[]> {
    return manager.getRepository(ChainPayment).find({ where: { orderId, status: ChainPaymentStatus.CONFIRMED } });
  }

  /** The latest payment seen for each order in `orderIds` (null: none), for `Order.payment`. */
  async latestOf(orderIds: readonly string[]): Promise<(ChainPayment | null)[]> {
    const payments = await this.db
      .getRepository(ChainPayment)
      .createQueryBuilder('p')
      .distinctOn(['p.order_id'])
      .where('p.order_id = ANY(:ids)', { ids: [...orderIds] })
      .orderBy('p.order_id')
      .addOrderBy('p.detected_at', 'DESC')
      .getMany();
    const byOrder = new Map(payments.map((p) => [p.orderId, p]));
    return orderIds.map((id) => byOrder.get(id) ?? null);
  }
}
