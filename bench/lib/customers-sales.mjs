/**
 * The operator console's customers and sales overview (README "Performance"): the Customers tab's `adminCustomers`
 * page (first, 90% deep, a search) and the Overview tab's `adminSalesReport` over the last year, as the admin panel
 * asks for them.
 */

import { Buffer } from 'node:buffer';
import { storedSpelling } from './seed.mjs';

/** The Customers tab's query (web/src/features/admin/customers). */
export const ADMIN_CUSTOMERS = `query AdminCustomers($search: String, $after: String) {
  adminCustomers(search: $search, first: 20, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id fullName email createdAt orderCount totalPaid openTickets blocked blockedAt isAdmin } }
  }
}`;

/** The Overview tab's query (web/src/features/admin/overview). */
export const ADMIN_SALES_REPORT = `query AdminSalesReport($from: DateTimeISO!, $to: DateTimeISO!) {
  adminSalesReport(from: $from, to: $to) {
    totalRevenue orderCount
    byDay { day revenue orders }
    byMethod { method revenue orders }
    byProduct { productId name revenue orders quantity }
    counters { ordersAwaitingReview lowStock { productId name available threshold } }
  }
}`;

/** The customer list's cursor of the row `offset` rows in (newest sign-up first), as CustomerService encodes it. */
async function customerCursorAfter(client, offset) {
  const { rows } = await client.query(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts, id
     FROM users ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [offset - 1],
  );
  return Buffer.from(`${rows[0].ts}|${rows[0].id}`, 'utf8').toString('base64url');
}

/**
 * Loads of `connections` admins each on the first page, the page 90% deep and a search by part of an e-mail, then one
 * admin at a time on the sales report over the 365 days up to tomorrow 00:00 UTC (every seeded order is in it).
 * Checks each answer before measuring it.
 */
export async function benchCustomersAndSales({
  gqlUrl,
  gqlOk,
  client,
  load,
  pid,
  adminToken,
  customers,
  connections,
  duration,
}) {
  const headers = { authorization: `Bearer ${adminToken}` };
  const deepOffset = Math.floor(customers * 0.9);
  const deepCursor = await customerCursorAfter(client, deepOffset);
  // 'customer4242@' is one customer's e-mail; the trigram index finds it without reading the others.
  const search = 'customer4242@';
  const today = new Date();
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const reportVars = { from: from.toISOString(), to: to.toISOString() };

  const deep = (await gqlOk(gqlUrl, ADMIN_CUSTOMERS, { after: deepCursor }, adminToken)).adminCustomers;
  if (deep.edges.length !== 20) throw new Error('The deep customers page is not a full page');
  const found = (await gqlOk(gqlUrl, ADMIN_CUSTOMERS, { search }, adminToken)).adminCustomers;
  if (found.totalCount !== 1) throw new Error(`The customer search found ${found.totalCount}, not 1`);
  const report = (await gqlOk(gqlUrl, ADMIN_SALES_REPORT, reportVars, adminToken)).adminSalesReport;
  if (report.byDay.length !== 365) throw new Error('The sales report has not 365 days');
  const { rows: paid } = await client.query(
    `SELECT count(*)::int AS n FROM orders WHERE status IN (${(await storedSpelling(client)).sql('SUCCESS', 'PROCESSING', 'COMPLETED')})
     AND created_at >= $1 AND created_at < $2`,
    [from, to],
  );
  if (report.orderCount !== paid[0].n)
    throw new Error(`The report counts ${report.orderCount} paid orders, not ${paid[0].n}`);

  const run = (query, variables, inFlight = connections) =>
    load({ url: gqlUrl, body: { query, variables }, headers, connections: inFlight, duration, pid });
  return {
    deepOffset,
    paidOrders: report.orderCount,
    first: await run(ADMIN_CUSTOMERS, { after: null }),
    deep: await run(ADMIN_CUSTOMERS, { after: deepCursor }),
    search: await run(ADMIN_CUSTOMERS, { search }),
    // One admin reading the report: how long one answer takes.
    sales: await run(ADMIN_SALES_REPORT, reportVars, 1),
  };
}
