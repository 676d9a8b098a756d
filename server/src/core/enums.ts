/**
 * The public GraphQL enums (docs/graphql-api.md "Types"). Keys are the GraphQL names; values are what PostgreSQL
 * stores (the spec's lower-case values).
 */
import { registerEnumType } from 'type-graphql';

export enum PaymentMethod {
  USDT_TRC20 = 'usdt_trc20',
  BTC = 'btc',
  ETH = 'eth',
  PAYPAL = 'paypal',
  SKRILL = 'skrill',
}

export enum OrderStatus {
  PENDING = 'pending',
  SUCCESS = 'success',
  NOT_RECEIVED = 'not_received',
  PROCESSING = 'processing',
  COMPLETED = 'completed',
  CONFIRMED = 'confirmed',
  ACTIVE = 'active',
  CANCELLED = 'cancelled',
}

export enum TicketCategory {
  INSTALLATION = 'installation',
  ORDER = 'order',
  RENEWAL = 'renewal',
  TECHNICAL = 'technical',
  BILLING = 'billing',
  OTHER = 'other',
}

export enum TicketPriority {
  LOW = 'low',
  MEDIUM = 'medium',
  HIGH = 'high',
  URGENT = 'urgent',
}

export enum TicketStatus {
  OPEN = 'open',
  IN_PROGRESS = 'in_progress',
  /** Staff asked the customer something; the reply clock is stopped until the customer writes. */
  WAITING_ON_CUSTOMER = 'waiting_on_customer',
  RESOLVED = 'resolved',
  CLOSED = 'closed',
}

export enum GuideCategory {
  HOSTING_PANEL = 'hosting_panel',
  WEB_SERVER = 'web_server',
  OTHER = 'other',
}

export enum CertificateStatus {
  ACTIVE = 'active',
  PENDING = 'pending',
  EXPIRED = 'expired',
  REVOKED = 'revoked',
}

/** Who moved an order (docs/order-lifecycle.md): its owner, an admin, or the store's own automation. */
export enum ActorKind {
  CUSTOMER = 'customer',
  ADMIN = 'admin',
  SYSTEM = 'system',
}

/** How a product is delivered (docs/inventory.md "Fulfilment"). */
export enum Fulfilment {
  /** Licence keys from stock, delivered when the payment is confirmed. */
  KEYS = 'keys',
  /** A file plus a licence key from stock (scripts, bots). */
  DOWNLOAD = 'download',
  /** An admin delivers it (a certificate issued for a domain). */
  MANUAL = 'manual',
}

registerEnumType(ActorKind, { name: 'ActorKind' });
registerEnumType(Fulfilment, { name: 'Fulfilment' });
registerEnumType(PaymentMethod, { name: 'PaymentMethod', description: 'PAYPAL and SKRILL are listed, never accepted' });
/** What is wrong with an order's payment read from the chain (docs/payments.md "Exceptions"). */
export enum PaymentIssueKind {
  /** Less than the amount arrived: the order stays PENDING. */
  UNDERPAID = 'underpaid',
  /** More than the amount arrived: the order is paid, the difference waits for a refund decision. */
  OVERPAID = 'overpaid',
  /** The payment arrived after the payment window (or after the order ended): an admin decides. */
  LATE = 'late',
  /** The transaction failed (reverted) on chain and paid nothing. */
  FAILED = 'failed',
  /** The transaction pays none of the store's addresses. */
  WRONG_RECIPIENT = 'wrong_recipient',
  /** The transaction pays the store's address in another token than USDT. */
  WRONG_TOKEN = 'wrong_token',
  /** The transaction already paid another order. */
  ALREADY_USED = 'already_used',
  /** The transaction was sent before the order was placed. */
  BEFORE_ORDER = 'before_order',
  /**
   * Enough arrived, but (partly) in transactions the customer identified by ID whose amount is not this order's
   * unique amount: anyone can type an ID seen on chain, so an admin confirms before the order counts as paid.
   */
  NEEDS_REVIEW = 'needs_review',
  /** The chain does not know the transaction (yet): the store keeps looking until the payment window ends. */
  NOT_FOUND = 'not_found',
}

registerEnumType(OrderStatus, { name: 'OrderStatus' });
registerEnumType(PaymentIssueKind, { name: 'PaymentIssueKind' });
registerEnumType(TicketCategory, { name: 'TicketCategory' });
registerEnumType(TicketPriority, { name: 'TicketPriority' });
registerEnumType(TicketStatus, { name: 'TicketStatus' });
registerEnumType(GuideCategory, { name: 'GuideCategory' });
registerEnumType(CertificateStatus, { name: 'CertificateStatus' });

/** The GraphQL key of a payment method value, e.g. 'usdt_trc20' → 'USDT_TRC20' (the key common/ uses). */
export function paymentMethodKey(method: PaymentMethod): keyof typeof PaymentMethod {
  return method.toUpperCase() as keyof typeof PaymentMethod;
}
