/** Every resolver class of the schema. A new resolver is registered here. */
import type { NonEmptyArray } from 'type-graphql';
import { BlockRuleResolver } from '../abuse/block-rule.resolver';
import { StoreSettingsResolver } from '../store-settings/store-settings.resolver';
import { AccountRecoveryResolver } from '../accounts/account-recovery.resolver';
import { AccountResolver } from '../accounts/account.resolver';
import { CustomerEmailVerifiedResolver } from '../accounts/customer-email-verified.resolver';
import { AuthResolver } from '../accounts/auth.resolver';
import { PasskeyResolver } from '../accounts/passkey.resolver';
import { SecondFactorResolver } from '../accounts/second-factor.resolver';
import { SecondFactorResetResolver } from '../accounts/second-factor-reset.resolver';
import { CaptchaResolver } from '../captcha/captcha.resolver';
import { AdminProductResolver } from '../catalogue/admin-product.resolver';
import { ProductResolver } from '../catalogue/product.resolver';
import { QuoteResolver } from '../catalogue/quote.resolver';
import { CertificateResolver, ViewerCertificatesResolver } from '../certificates/certificate.resolver';
import { GuideResolver } from '../guides/guide.resolver';
import { InventoryResolver } from '../inventory/inventory.resolver';
import { NotificationResolver } from '../notifications/notification.resolver';
import { AddressGapResolver } from '../payments/address-gap.resolver';
import { ChainPaymentFieldsResolver } from '../payments/chain-payment.resolver';
import { PaymentMethodResolver } from '../payments/payment-method.resolver';
import { RateResolver } from '../rates/rate.resolver';
import { AdminOrderResolver } from '../admin/admin-order.resolver';
import { OrderEventFieldsResolver, OrderFieldsResolver } from '../orders/order-fields.resolver';
import { OrderResolver } from '../orders/order.resolver';
import { ViewerOrdersResolver } from '../orders/viewer-orders.resolver';
import { TicketFieldsResolver } from '../support/ticket-fields.resolver';
import { TicketResolver } from '../support/ticket.resolver';
import { ViewerTicketsResolver } from '../support/viewer-tickets.resolver';
import { WebhookResolver } from '../webhooks/webhook.resolver';
import { CustomerResolver } from '../customers/customer.resolver';
import { SalesReportResolver } from '../sales/sales-report.resolver';
import { OrderRefundsResolver, RefundResolver } from '../refunds/refund.resolver';
import { StaffResolver, ViewerStaffResolver } from '../staff/staff.resolver';
import { ApiKeyResolver } from '../staff/api-keys.resolver';
import { AuditResolver } from '../audit/audit.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  AuthResolver,
  SecondFactorResolver,
  SecondFactorResetResolver,
  PasskeyResolver,
  CaptchaResolver,
  AccountResolver,
  AccountRecoveryResolver,
  CustomerEmailVerifiedResolver,
  TicketResolver,
  TicketFieldsResolver,
  ViewerTicketsResolver,
  ProductResolver,
  QuoteResolver,
  AdminProductResolver,
  InventoryResolver,
  PaymentMethodResolver,
  AddressGapResolver,
  RateResolver,
  ChainPaymentFieldsResolver,
  GuideResolver,
  CertificateResolver,
  ViewerCertificatesResolver,
  OrderResolver,
  OrderFieldsResolver,
  OrderEventFieldsResolver,
  ViewerOrdersResolver,
  AdminOrderResolver,
  NotificationResolver,
  WebhookResolver,
  CustomerResolver,
  SalesReportResolver,
  BlockRuleResolver,
  RefundResolver,
  OrderRefundsResolver,
  StaffResolver,
  ViewerStaffResolver,
  ApiKeyResolver,
  AuditResolver,
  StoreSettingsResolver,
];
