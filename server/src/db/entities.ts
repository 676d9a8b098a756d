import { Profile } from '../accounts/profile.entity';
import { Session } from '../accounts/session.entity';
import { User } from '../accounts/user.entity';
import { UserRole } from '../accounts/user-role.entity';
import { Product } from '../catalogue/product.entity';
import { Certificate } from '../certificates/certificate.entity';
import { DomainEventRecord } from '../core/domain-events';
import { StoredFile } from '../files/stored-file.entity';
import { InstallationGuide } from '../guides/installation-guide.entity';
import { Notification } from '../notifications/notification.entity';
import { OrderEvent } from '../orders/order-event.entity';
import { Order } from '../orders/order.entity';
import { ChainPayment } from '../payments/chain-payment.entity';
import { Refund } from '../refunds/refund.entity';
import { SupportTicket } from '../support/support-ticket.entity';
import { TicketMessage } from '../support/ticket-message.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint.entity';

export const entities = [
  User,
  Profile,
  UserRole,
  Session,
  Product,
  StoredFile,
  Order,
  OrderEvent,
  Certificate,
  SupportTicket,
  InstallationGuide,
  DomainEventRecord,
  Notification,
  WebhookEndpoint,
  WebhookDelivery,
  ChainPayment,
  TicketMessage,
  Refund,
];
