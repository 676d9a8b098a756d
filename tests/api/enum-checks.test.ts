/**
 * One spelling per enum, from the database to the API (docs/architecture.md "Data model"): every CHECK constraint that
 * lists a column's values (`col = ANY (ARRAY[…])`, how PostgreSQL keeps `col IN (…)`) lists exactly the values of the
 * enum the code writes into that column, read from the migrated database itself. A value added to one and not the other
 * (a new status in code whose insert the database would refuse, or a value the database allows that no code knows)
 * fails here, as does a new list with no enum named below.
 */
import { Client } from 'pg';
import { BlockRuleKind } from '../../server/src/abuse/block-rule.types';
import {
  ActorKind,
  CertificateStatus,
  Fulfilment,
  GuideCategory,
  OrderStatus,
  PaymentMethod,
  TicketCategory,
  TicketPriority,
  TicketStatus,
} from '../../server/src/core/enums';
import { KeyStatus } from '../../server/src/inventory/key-status';
import { NotificationKind, NotificationStatus } from '../../server/src/notifications/notification.entity';
import { ChainPaymentMatch, ChainPaymentStatus } from '../../server/src/payments/chain-payment.entity';
import { WebhookDeliveryStatus } from '../../server/src/webhooks/webhook-delivery.entity';
import { databaseUrl, templateName } from '../support/database';

/** Each listed column's values as the code knows them, by `table.column`. */
const ENUMS: Record<string, readonly string[]> = {
  'block_rules.kind': Object.values(BlockRuleKind),
  'certificates.status': Object.values(CertificateStatus),
  'chain_payments.matched_by': Object.values(ChainPaymentMatch),
  'chain_payments.status': Object.values(ChainPaymentStatus),
  'installation_guides.category': Object.values(GuideCategory),
  'notifications.kind': Object.values(NotificationKind),
  'notifications.status': Object.values(NotificationStatus),
  'order_events.actor_kind': Object.values(ActorKind),
  'orders.payment_method': Object.values(PaymentMethod),
  'orders.status': Object.values(OrderStatus),
  'product_keys.status': Object.values(KeyStatus),
  'products.fulfilment': Object.values(Fulfilment),
  'support_tickets.category': Object.values(TicketCategory),
  'support_tickets.priority': Object.values(TicketPriority),
  'support_tickets.status': Object.values(TicketStatus),
  'webhook_deliveries.status': Object.values(WebhookDeliveryStatus),
};

/** Every `column = ANY (ARRAY['a'::text, …])` of the schema's CHECK constraints, by `table.column`. */
async function listedValues(): Promise<Record<string, string[]>> {
  const client = new Client({ connectionString: databaseUrl(templateName()) });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string; definition: string }>(
      `SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace`,
    );
    const lists: Record<string, string[]> = {};
    for (const { table, definition } of rows) {
      // A whole-constraint list only: `CHECK ((status = ANY (ARRAY[…])))`, not one buried in a larger condition.
      const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
      if (!match) continue;
      lists[`${table}.${match[1]}`] = [...match[2].matchAll(/'([^']*)'::text/g)].map((value) => value[1]);
    }
    return lists;
  } finally {
    await client.end();
  }
}

it('lists exactly the values of the enum the code writes into the column, for every listed column', async () => {
  const lists = await listedValues();
  expect(Object.keys(lists).sort()).toEqual(Object.keys(ENUMS).sort());
  for (const [column, values] of Object.entries(lists)) {
    expect([column, [...values].sort()]).toEqual([column, [...ENUMS[column]].sort()]);
  }
});
