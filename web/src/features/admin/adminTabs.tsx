import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingState } from '../../components/PageState';
import { BlockRulesTab } from './block-rules/BlockRulesTab';
import { CustomersTab } from './customers/CustomersTab';
import { AWAITING_REVIEW, OrdersTab, type OrderQueueFilter } from './orders/OrdersTab';
import { SETTABLE_STATUSES } from './orders/OrderStatusSelect';
import { OutboxTab } from './outbox/OutboxTab';
import { ProductsStockTab } from './products/ProductsStockTab';
import { RatesTab } from './rates/RatesTab';
import { RefundsTab } from './refunds/RefundsTab';
import { TicketsTab } from './tickets/TicketsTab';
import { TicketsTabLabel } from './tickets/TicketsTabLabel';
import { WebhooksTab } from './webhooks/WebhooksTab';
import { StaffTab } from './staff/StaffTab';
import { ApiKeysTab } from './api-keys/ApiKeysTab';
import { AuditLogTab } from './audit-log/AuditLogTab';
import { SettingsTab } from './settings/SettingsTab';
import type { PermissionName } from '../../../../common/staff';

/** The overview's charts library loads with its tab only. */
const OverviewTab = lazy(() => import('./overview/OverviewTab'));

/** What a tab may read and change of the page's address (its filters live there, so a reload keeps them). */
export interface AdminTabContext {
  params: URLSearchParams;
  /** Sets (or, with null, removes) search parameters, replacing the history entry. */
  update: (changes: Record<string, string | null>) => void;
}

/** One section of the admin panel: its key in the address (?tab=…), its label, and what it shows. */
export interface AdminTab {
  key: string;
  label: ReactNode;
  /** The tab shows live updates (the header's Live chip follows the subscription socket). */
  live: boolean;
  render: (context: AdminTabContext) => ReactNode;
}

/** The Orders tab's filter (?status=PENDING, ?status=AWAITING_REVIEW), when it names a status an admin sets or the review. */
function statusFilter(params: URLSearchParams): OrderQueueFilter | null {
  const status = params.get('status');
  return [AWAITING_REVIEW, ...SETTABLE_STATUSES].includes(status as OrderQueueFilter)
    ? (status as OrderQueueFilter)
    : null;
}

/**
 * The admin panel's sections, in tab order; the first a role may use is its default (no ?tab= in the address). A new
 * section is one entry here and one in TAB_PERMISSIONS.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    key: 'orders',
    label: 'Orders',
    live: true,
    render: ({ params, update }) => (
      <OrdersTab statusFilter={statusFilter(params)} onStatusFilterChange={(status) => update({ status })} />
    ),
  },
  { key: 'tickets', label: <TicketsTabLabel />, live: true, render: () => <TicketsTab /> },
  { key: 'products', label: 'Products Stock', live: true, render: () => <ProductsStockTab /> },
  { key: 'refunds', label: 'Refunds', live: false, render: () => <RefundsTab /> },
  { key: 'customers', label: 'Customers', live: false, render: () => <CustomersTab /> },
  { key: 'block-rules', label: 'Block rules', live: false, render: () => <BlockRulesTab /> },
  {
    key: 'overview',
    label: 'Overview',
    live: false,
    render: () => (
      <Suspense fallback={<LoadingState label="Loading the overview..." />}>
        <OverviewTab />
      </Suspense>
    ),
  },
  { key: 'rates', label: 'Rates', live: false, render: () => <RatesTab /> },
  { key: 'outbox', label: 'Outbox', live: false, render: () => <OutboxTab /> },
  { key: 'webhooks', label: 'Webhooks', live: false, render: () => <WebhooksTab /> },
  { key: 'staff', label: 'Staff', live: false, render: () => <StaffTab /> },
  { key: 'api-keys', label: 'API keys', live: false, render: () => <ApiKeysTab /> },
  { key: 'audit-log', label: 'Audit log', live: false, render: (context) => <AuditLogTab {...context} /> },
  { key: 'settings', label: 'Settings', live: false, render: () => <SettingsTab /> },
];

/**
 * The permissions a tab needs (any one of them; docs/staff-and-permissions.md): a role sees only the tabs it may use.
 * A tab missing here is shown to nobody, so a new tab must say who it is for.
 */
const TAB_PERMISSIONS: Record<string, readonly PermissionName[]> = {
  orders: ['ORDERS_READ'],
  tickets: ['TICKETS'],
  products: ['CATALOGUE', 'KEYS'],
  refunds: ['REFUNDS'],
  customers: ['CUSTOMERS'],
  'block-rules': ['CUSTOMERS'],
  overview: ['REPORTS'],
  rates: ['ORDERS_READ'],
  outbox: ['CUSTOMERS'],
  webhooks: ['WEBHOOKS'],
  staff: ['STAFF'],
  // As apiKeys and createApiKey (docs/decisions.md "API keys").
  'api-keys': ['STAFF'],
  // As adminAuditLog and its CSV.
  'audit-log': ['STAFF'],
  // As updateStoreSettings (docs/decisions.md "Store settings").
  settings: ['CATALOGUE'],
};

/** The tabs a staff member with `permissions` may use, in tab order. */
export function tabsFor(permissions: readonly PermissionName[]): AdminTab[] {
  return ADMIN_TABS.filter((tab) => (TAB_PERMISSIONS[tab.key] ?? []).some((needed) => permissions.includes(needed)));
}

/** The tab the address names among `tabs`, or the first of them (null: none at all). */
export function tabOf(params: URLSearchParams, tabs: readonly AdminTab[]): AdminTab | null {
  return tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0] ?? null;
}
