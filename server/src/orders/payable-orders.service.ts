import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { OrderStatus, type PaymentIssueKind, type PaymentMethod } from '../core/enums';
import { sqlEnum } from '../db/sql-enum';
import { PayableOrders, type PayableOrder, type PaymentSighting } from '../payments/payment-observer';
import { Order } from './order.entity';
import { HELD_QUOTE_GRACE } from './unique-amount';

/** An open order's status, in the SQL of the statements that find the order a payment is for. */
const PENDING = sqlEnum(OrderStatus.PENDING);

/**
 * The orders module's answers to the chain watcher's questions about orders awaiting payments (`PayableOrders`,
 * declared by the payments module): it reads `orders` and `held_quotes`, which this module owns.
 */
@Service()
export class PayableOrdersService extends PayableOrders {
  constructor(private readonly db: DataSource) {
    super();
  }

  async find(orderId: string): Promise<PayableOrder | null> {
    const order = await this.db.getRepository(Order).findOneBy({ id: orderId });
    if (!order) return null;
    return {
      id: order.id,
      open: order.status === OrderStatus.PENDING,
      paymentMethod: order.paymentMethod,
      cryptoAddress: order.cryptoAddress,
      addressIndex: order.addressIndex,
      paymentAmountCrypto: order.paymentAmountCrypto,
      transactionId: order.transactionId,
      paymentsCountFrom: order.paymentsCountFrom,
    };
  }

  async typedToCheck(
    method: PaymentMethod,
    issues: readonly PaymentIssueKind[],
    notRecordedSql: string,
    limit: number,
  ): Promise<string[]> {
    // Until the payment window ends (after it, an admin looks at what the customer sent). In no fixed order: a few IDs
    // that fail to read every time must not always be met first and keep the others from being read.
    const rows: { id: string }[] = await this.db.query(
      `SELECT o.id FROM orders o
       WHERE o.payment_method = $1 AND o.status = $2 AND o.transaction_id IS NOT NULL
       AND o.payment_due_at > now()
       AND (o.payment_issue_kind IS NULL OR o.payment_issue_kind = ANY ($3::text[]))
       AND ${notRecordedSql}
       ORDER BY random() LIMIT ${Number(limit)}`,
      [method, OrderStatus.PENDING, issues],
    );
    return rows.map((row) => row.id);
  }

  async oldestAwaiting(method: PaymentMethod, address: string, latePaymentDays: number): Promise<Date | null> {
    // Two indexed minimums rather than one OR, which would walk the whole order history.
    const [{ oldest }]: { oldest: Date | null }[] = await this.db.query(
      `SELECT least(
         (SELECT min(created_at) FROM orders
          WHERE payment_method = $1 AND crypto_address = $2 AND payment_offset IS NOT NULL AND status = $4),
         (SELECT min(created_at) FROM orders
          WHERE payment_method = $1 AND crypto_address = $2 AND payment_offset IS NOT NULL
            AND payment_due_at > now() - $3 * interval '1 day'),
         -- A quote held at checkout may be paid before its order exists.
         (SELECT min(created_at) FROM held_quotes
          WHERE payment_method = $1 AND crypto_address = $2 AND order_id IS NULL
            AND expires_at > now() - interval '${HELD_QUOTE_GRACE}')) AS oldest`,
      [method, address, latePaymentDays, OrderStatus.PENDING],
    );
    return oldest;
  }

  async ownAddressesAwaiting(
    method: PaymentMethod,
    latePaymentDays: number,
  ): Promise<{ address: string; open: boolean }[]> {
    // An order and its held quote share their address: one row, open if either is.
    return this.db.query(
      `SELECT address, bool_or(open) AS open FROM (
         SELECT crypto_address AS address, status = $3 AS open FROM orders
         WHERE payment_method = $1 AND address_index IS NOT NULL
           AND (status = $3 OR payment_due_at > now() - $2 * interval '1 day')
         UNION ALL
         SELECT crypto_address, true FROM held_quotes
         WHERE payment_method = $1 AND address_index IS NOT NULL AND order_id IS NULL
           AND expires_at > now() - interval '${HELD_QUOTE_GRACE}'
       ) awaited GROUP BY address`,
      [method, latePaymentDays, OrderStatus.PENDING],
    );
  }

  async paidAsSingleAddress(manager: EntityManager, method: PaymentMethod, address: string): Promise<boolean> {
    const [row]: { used: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM orders
                      WHERE payment_method = $1 AND crypto_address = ANY ($2) AND address_index IS NULL)
           OR EXISTS (SELECT 1 FROM held_quotes
                      WHERE payment_method = $1 AND crypto_address = ANY ($2) AND address_index IS NULL) AS used`,
      // A derived address is written as derived (bech32, lower case); a configured one may have been in upper case.
      [method, [address, address.toUpperCase()]],
    );
    return row.used;
  }

  async ofOwnAddress(
    manager: EntityManager,
    payment: PaymentSighting,
    latePaymentDays: number,
  ): Promise<string | 'quote' | 'none' | null> {
    const [row]: { order_id: string | null; payable: boolean | null; quote: boolean }[] = await manager.query(
      `SELECT o.id AS order_id,
              (o.status = ${PENDING} OR o.payment_due_at > now() - $3 * interval '1 day')
                AND coalesce(o.payable_from, o.created_at) <= $4::timestamptz + $5 * interval '1 millisecond' AS payable,
              EXISTS (SELECT 1 FROM held_quotes q
                      WHERE q.payment_method = $1 AND q.crypto_address = $2 AND q.address_index IS NOT NULL
                        AND q.order_id IS NULL) AS quote
       FROM (SELECT 1) one
       LEFT JOIN orders o ON o.payment_method = $1 AND o.crypto_address = $2 AND o.address_index IS NOT NULL`,
      [payment.method, payment.address, latePaymentDays, payment.sentAt, payment.clockSkewMs],
    );
    if (row.order_id) return row.payable ? row.order_id : 'none';
    return row.quote ? 'quote' : null;
  }

  async ofAmount(
    manager: EntityManager,
    payment: PaymentSighting,
    except: string | null,
    latePaymentDays: number,
  ): Promise<string | null> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM (
         SELECT id, 0 AS rank, status = ${PENDING} AS open, created_at FROM orders
         WHERE payment_method = $1 AND crypto_address = $2 AND payment_amount_crypto = $3::numeric
           AND payment_offset IS NOT NULL AND ($4::uuid IS NULL OR id <> $4)
           AND (status = ${PENDING} OR payment_due_at > now() - $5 * interval '1 day')
           AND coalesce(payable_from, created_at) <= $6::timestamptz + $7 * interval '1 millisecond'
         UNION ALL
         -- The rest of an UNDERPAID order (its amountDue), when no order has this amount as its own, no other owes
         -- it and no quote held at checkout has it: a rest is set to the unit by the customer, so it must never
         -- reach a payment someone else makes.
         SELECT id, 1, true, created_at FROM orders
         WHERE payment_method = $1 AND crypto_address = $2 AND amount_due = $3::numeric AND status = ${PENDING}
           AND ($4::uuid IS NULL OR id <> $4)
           AND (SELECT count(*) FROM orders owing
                WHERE owing.payment_method = $1 AND owing.crypto_address = $2 AND owing.amount_due = $3::numeric
                  AND owing.status = ${PENDING}) = 1
           AND NOT EXISTS (SELECT 1 FROM held_quotes quote
                           WHERE quote.payment_method = $1 AND quote.crypto_address = $2
                             AND quote.payment_amount_crypto = $3::numeric AND quote.order_id IS NULL
                             AND quote.expires_at > now() - interval '${HELD_QUOTE_GRACE}')
       ) candidate
       ORDER BY rank, open DESC, created_at DESC LIMIT 1`,
      [payment.method, payment.address, payment.shown, except, latePaymentDays, payment.sentAt, payment.clockSkewMs],
    );
    return rows[0]?.id ?? null;
  }

  async withinTolerance(manager: EntityManager, payment: PaymentSighting, tolerancePercent: number): Promise<string[]> {
    if (tolerancePercent <= 0) return [];
    const orders = await manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.payment_method = :method AND o.crypto_address = :address AND o.status = :pending', {
        method: payment.method,
        address: payment.address,
        pending: OrderStatus.PENDING,
      })
      .andWhere('o.payment_offset IS NOT NULL')
      .andWhere(':shown::numeric < o.payment_amount_crypto', { shown: payment.shown })
      .andWhere(':shown::numeric >= o.payment_amount_crypto * (1 - :tolerance::numeric / 100)', {
        tolerance: tolerancePercent,
      })
      .andWhere(`coalesce(o.payable_from, o.created_at) <= :sentAt::timestamptz + :skew * interval '1 millisecond'`, {
        sentAt: payment.sentAt,
        skew: payment.clockSkewMs,
      })
      .orderBy('o.created_at')
      .limit(5)
      .getMany();
    return orders.map((order) => order.id);
  }

  async heldQuoteExplains(
    manager: EntityManager,
    payment: PaymentSighting,
    tolerancePercent: number,
  ): Promise<'exact' | 'band' | null> {
    const [row]: { exact: boolean | null; n: number }[] = await manager.query(
      `SELECT bool_or(payment_amount_crypto = $3::numeric) AS exact, count(*)::int AS n FROM held_quotes
       WHERE payment_method = $1 AND crypto_address = $2 AND order_id IS NULL
         AND expires_at > now() - interval '${HELD_QUOTE_GRACE}'
         AND payment_amount_crypto >= $3::numeric AND $3::numeric >= payment_amount_crypto * (1 - $4::numeric / 100)
         AND created_at <= $5::timestamptz + $6 * interval '1 millisecond'`,
      [payment.method, payment.address, payment.shown, tolerancePercent, payment.sentAt, payment.clockSkewMs],
    );
    return row.n === 0 ? null : row.exact ? 'exact' : 'band';
  }
}
