/**
 * The public GraphQL enums (docs/graphql-api.md "Types"). One spelling end to end (docs/decisions.md "One spelling per
 * enum"): each value is its key, the GraphQL name, and is what PostgreSQL stores, so no layer converts.
 */
import { registerEnumType } from 'type-graphql';
import { PAYMENT_METHODS, type PaymentMethodKey } from '../../../common/payment-methods';

/**
 * The payment methods, derived from their definitions (common/payment-methods/, docs/adding-a-payment-method.md) in the
 * checkout's order: `PaymentMethod.BTC === 'BTC'`. A const object rather than an `enum`, so a new method is its
 * definition alone; type-graphql registers it like an enum.
 */
export const PaymentMethod = Object.freeze(
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method.key, method.key])),
) as { readonly [Key in PaymentMethodKey]: Key };
export type PaymentMethod = PaymentMethodKey;

export enum OrderStatus {
  PENDING = 'PENDING',
  SUCCESS = 'SUCCESS',
  NOT_RECEIVED = 'NOT_RECEIVED',
  PROCESSING = 'PROCESSING',
  COMPLETED = 'COMPLETED',
  CONFIRMED = 'CONFIRMED',
  ACTIVE = 'ACTIVE',
  CANCELLED = 'CANCELLED',
}

export enum TicketCategory {
  INSTALLATION = 'INSTALLATION',
  ORDER = 'ORDER',
  RENEWAL = 'RENEWAL',
  TECHNICAL = 'TECHNICAL',
  BILLING = 'BILLING',
  OTHER = 'OTHER',
}

export enum TicketPriority {
  LOW = 'LOW',
  MEDIUM = 'MEDIUM',
  HIGH = 'HIGH',
  URGENT = 'URGENT',
}

export enum TicketStatus {
  OPEN = 'OPEN',
  IN_PROGRESS = 'IN_PROGRESS',
  /** Staff asked the customer something; the reply clock is stopped until the customer writes. */
  WAITING_ON_CUSTOMER = 'WAITING_ON_CUSTOMER',
  RESOLVED = 'RESOLVED',
  CLOSED = 'CLOSED',
}

export enum GuideCategory {
  HOSTING_PANEL = 'HOSTING_PANEL',
  WEB_SERVER = 'WEB_SERVER',
  OTHER = 'OTHER',
}

export enum CertificateStatus {
  ACTIVE = 'ACTIVE',
  PENDING = 'PENDING',
  EXPIRED = 'EXPIRED',
  REVOKED = 'REVOKED',
}

/** Who moved an order (docs/order-lifecycle.md): its owner, an admin, or the store's own automation. */
export enum ActorKind {
  CUSTOMER = 'CUSTOMER',
  ADMIN = 'ADMIN',
  SYSTEM = 'SYSTEM',
}

/** How a product is delivered (docs/inventory.md "Fulfilment"). */
export enum Fulfilment {
  /** Licence keys from stock, delivered when the payment is confirmed. */
  KEYS = 'KEYS',
  /** A file plus a licence key from stock (scripts, bots). */
  DOWNLOAD = 'DOWNLOAD',
  /** An admin delivers it (a certificate issued for a domain). */
  MANUAL = 'MANUAL',
}

registerEnumType(ActorKind, { name: 'ActorKind' });
registerEnumType(Fulfilment, { name: 'Fulfilment' });
registerEnumType(PaymentMethod, { name: 'PaymentMethod', description: 'PAYPAL and SKRILL are listed, never accepted' });
/** What is wrong with an order's payment read from the chain (docs/payments.md "Exceptions"). */
export enum PaymentIssueKind {
  /** Less than the amount arrived: the order stays PENDING. */
  UNDERPAID = 'UNDERPAID',
  /** More than the amount arrived: the order is paid, the difference waits for a refund decision. */
  OVERPAID = 'OVERPAID',
  /** The payment arrived after the payment window (or after the order ended): an admin decides. */
  LATE = 'LATE',
  /** The transaction failed (reverted) on chain and paid nothing. */
  FAILED = 'FAILED',
  /** The transaction pays none of the store's addresses. */
  WRONG_RECIPIENT = 'WRONG_RECIPIENT',
  /** The transaction pays the store's address in another token than USDT. */
  WRONG_TOKEN = 'WRONG_TOKEN',
  /** The transaction already paid another order. */
  ALREADY_USED = 'ALREADY_USED',
  /** The transaction was sent before the order was placed. */
  BEFORE_ORDER = 'BEFORE_ORDER',
  /**
   * Enough arrived, but (partly) in transactions the customer identified by ID whose amount is not this order's
   * unique amount: anyone can type an ID seen on chain, so an admin confirms before the order counts as paid.
   */
  NEEDS_REVIEW = 'NEEDS_REVIEW',
  /** The chain does not know the transaction (yet): the store keeps looking until the payment window ends. */
  NOT_FOUND = 'NOT_FOUND',
  /**
   * A payment that had paid the order (its confirmations reached) is gone from the chain, or back below its
   * confirmations in a later block (a reorganisation): the order stays paid, and an admin decides.
   */
  REORGED = 'REORGED',
}

registerEnumType(OrderStatus, { name: 'OrderStatus' });
registerEnumType(PaymentIssueKind, { name: 'PaymentIssueKind' });
registerEnumType(TicketCategory, { name: 'TicketCategory' });
registerEnumType(TicketPriority, { name: 'TicketPriority' });
registerEnumType(TicketStatus, { name: 'TicketStatus' });
registerEnumType(GuideCategory, { name: 'GuideCategory' });
registerEnumType(CertificateStatus, { name: 'CertificateStatus' });
