/**
 * One spelling per enum, from the database to the API (docs/architecture.md "Data model"): every CHECK constraint that
 * lists a column's values (`col = ANY (ARRAY[…])`, how PostgreSQL keeps `col IN (…)`) lists exactly the values of the
 * enum the code writes into that column, read from the migrated database itself. A value added to one and not the other
 * (a new status in code whose insert the database would refuse, or a value the database allows that no code knows)
 * fails here, as does a new list with no enum named below. The values named in other conditions (a CHECK that ties a
 * status to another column, a partial index's predicate) and the columns' defaults must be values of their column's
 * enum too, in its one spelling (docs/decisions.md "One spelling per enum").
 */
import { STAFF_ROLES } from '../../common/staff';
import { STEP_UP_METHODS } from '../../common/two-factor';
import { PasskeyChallengePurpose } from '../../server/src/accounts/passkey.service';
import { Client } from 'pg';
import { BlockRuleKind } from '../../server/src/abuse/block-rule.types';
import { AccountTokenPurpose } from '../../server/src/accounts/account-token.service';
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
import { RefundStatus } from '../../server/src/refunds/refund.entity';
import { WebhookDeliveryStatus } from '../../server/src/webhooks/webhook-delivery.entity';
import { databaseUrl, templateName } from '../support/database';

/** Each listed column's values as the code knows them, by `table.column`. */
const ENUMS: Record<string, readonly string[]> = {
  'account_tokens.purpose': Object.values(AccountTokenPurpose),
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
  'refunds.status': Object.values(RefundStatus),
  'products.fulfilment': Object.values(Fulfilment),
  'support_tickets.category': Object.values(TicketCategory),
  'support_tickets.priority': Object.values(TicketPriority),
  'support_tickets.status': Object.values(TicketStatus),
  'webhook_deliveries.status': Object.values(WebhookDeliveryStatus),
  'passkey_challenges.purpose': Object.values(PasskeyChallengePurpose),
  'second_factor_checks.method': Object.values(STEP_UP_METHODS),
  'staff_invitations.role': STAFF_ROLES,
  'user_roles.role': STAFF_ROLES,
};

/** The rows of `sql` from the migrated template database. */
async function query<R extends object>(sql: string): Promise<R[]> {
  const client = new Client({ connectionString: databaseUrl(templateName()) });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The quoted values of a list as PostgreSQL prints it: `'a'::text, 'b'::text` → ['a', 'b']. */
const valuesOf = (list: string) => [...list.matchAll(/'([^']*)'::text/g)].map((value) => value[1]);

/** Every `column = 'a'` and `column = ANY (ARRAY['a', …])` inside a condition, as [column, values]. */
function comparedValues(condition: string): [string, string[]][] {
  const lists = [...condition.matchAll(/\b(\w+) = ANY \(ARRAY\[([^\]]*)\]\)/g)];
  const single = [...condition.matchAll(/\b(\w+) = ('[^']*'::text)/g)];
  return [...lists, ...single].map((match): [string, string[]] => [match[1], valuesOf(match[2])]);
}

/** Every `column = ANY (ARRAY['a'::text, …])` of the schema's CHECK constraints, by `table.column`. */
async function listedValues(): Promise<Record<string, string[]>> {
  const rows = await query<{ table: string; definition: string }>(
    `SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace`,
  );
  const lists: Record<string, string[]> = {};
  for (const { table, definition } of rows) {
    // A whole-constraint list only: `CHECK ((status = ANY (ARRAY[…])))`, not one buried in a larger condition.
    const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
    if (!match) continue;
    lists[`${table}.${match[1]}`] = valuesOf(match[2]);
  }
  return lists;
}

it('lists exactly the values of the enum the code writes into the column, for every listed column', async () => {
  const lists = await listedValues();
  expect(Object.keys(lists).sort()).toEqual(Object.keys(ENUMS).sort());
  for (const [column, values] of Object.entries(lists)) {
    expect([column, [...values].sort()]).toEqual([column, [...ENUMS[column]].sort()]);
  }
});

it('names only enum values, as the enum spells them, in conditions, partial indexes and defaults', async () => {
  // Conditions of CHECKs (`(delivered_at IS NOT NULL) = (status = 'DELIVERED')`) and of partial indexes
  // (`WHERE status = 'PENDING'`): a value in another spelling would match no row, silently.
  const conditions = await query<{ table: string; condition: string }>(
    `SELECT conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS condition
     FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace
     UNION ALL
     SELECT c.relname, pg_get_expr(i.indpred, i.indrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
     WHERE i.indpred IS NOT NULL AND c.relnamespace = 'public'::regnamespace`,
  );
  const compared = conditions.flatMap(({ table, condition }) =>
    comparedValues(condition).map(([column, values]) => ({ column: `${table}.${column}`, values })),
  );
  expect(compared.length).toBeGreaterThan(Object.keys(ENUMS).length);
  for (const { column, values } of compared) {
    expect([column, values.filter((value) => !ENUMS[column]?.includes(value))]).toEqual([column, []]);
  }
  const defaults = await query<{ column: string; value: string }>(
    `SELECT table_name || '.' || column_name AS column, column_default AS value FROM information_schema.columns
     WHERE table_schema = 'public' AND column_default LIKE '''%''::text'`,
  );
  const enumDefaults = defaults.filter((d) => d.column in ENUMS);
  expect(enumDefaults.length).toBeGreaterThan(0);
  for (const { column, value } of enumDefaults) {
    expect([column, ENUMS[column].includes(valuesOf(value)[0])]).toEqual([column, true]);
  }
});
