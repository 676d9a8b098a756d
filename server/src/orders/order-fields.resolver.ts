import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { shortOrderId } from '../../../common/order-lifecycle';
import { paymentMethodFacts } from '../../../common/payment-methods';
import { formatDecimal } from '../../../common/pricing';
import { AccountService } from '../accounts/account.service';
import { LiveSessions } from '../accounts/live-sessions.service';
import type { Profile } from '../accounts/profile.entity';
import { Product } from '../catalogue/product.entity';
import { SignedUrlService } from '../files/signed-url.service';
import { fulfilmentHandler } from '../fulfilment';
import { Requires } from '../graphql/access';
import { can } from '../staff/permissions';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { OrderStatus } from '../core/enums';
import { LicenceKey } from '../inventory/inventory.types';
import { OrderKeys, type DeliveredKey } from '../inventory/order-keys.service';
import { ChainPayment } from '../payments/chain-payment.entity';
import { PaymentMethodService } from '../payments/payment-method.service';
import { ExchangeRate } from '../rates/exchange-rate.types';
import { ChainPaymentRecords } from '../payments/chain-payment-records.service';
import { PAID } from './order-lifecycle';
import { OrderEvent } from './order-event.entity';
import { Order } from './order.entity';
import { canSeeOrder, OrderService } from './order.service';
import { OrderCustomer } from './order.types';

/** Profiles by user id, batched per request (admin lists show one customer per order). */
function profileLoader(ctx: RequestContext) {
  return ctx.loaders.loader<Profile>('profileById', (ids) => ctx.container.get(AccountService).profilesOf(ids));
}

/** Each order's audit trail, oldest first, batched per request. */
function eventsLoader(ctx: RequestContext) {
  return ctx.loaders.loader<OrderEvent[]>('orderEventsByOrderId', (ids) =>
    ctx.container.get(OrderService).eventsOf(ids),
  );
}

/** Each order's delivered licence keys, decrypted, batched per request. */
function keysLoader(ctx: RequestContext) {
  return ctx.loaders.loader<DeliveredKey[]>('deliveredKeysByOrderId', (ids) =>
    ctx.container.get(OrderKeys).deliveredKeys(ids),
  );
}

/** How many keys each order was given (nothing decrypted), batched per request. */
function keyCountLoader(ctx: RequestContext) {
  return ctx.loaders.loader<number>('deliveredKeyCountByOrderId', (ids) =>
    ctx.container.get(OrderKeys).deliveredCounts(ids),
  );
}

/** The latest payment seen on chain for each order, batched per request. */
function paymentLoader(ctx: RequestContext) {
  return ctx.loaders.loader<ChainPayment>('chainPaymentByOrderId', (ids) =>
    ctx.container.get(ChainPaymentRecords).latestOf(ids),
  );
}

/**
 * Who may hold what an order delivered (keys, the keys file, the download): its owner, and staff whose role handles
 * licence keys (KEYS; docs/staff-and-permissions.md). Reading an order (ORDERS_READ, e.g. SUPPORT) is not enough: the
 * keys are the goods themselves.
 */
function mayHoldGoods(ctx: RequestContext, order: Order): boolean {
  // An API key's `id` is its creator's: it holds goods by its own KEYS only, never as the creator's customer account.
  return !!ctx.user && ((!ctx.user.apiKey && order.userId === ctx.user.id) || can(ctx.user, 'KEYS'));
}

/** The owner or staff with KEYS, and the payment confirmed: who may see what was delivered, and when. */
function mayReceive(ctx: RequestContext, order: Order): boolean {
  return mayHoldGoods(ctx, order) && PAID.includes(order.status);
}

/**
 * The computed and joined fields of `Order`. Every path to an Order (order, me.orders, adminOrders,
 * subscriptions) already checks that the caller is its owner or an admin; the private fields check
 * again here so a future path cannot leak them.
 */
@Resolver(() => Order)
export class OrderFieldsResolver {
  constructor(
    private readonly signedUrls: SignedUrlService,
    private readonly paymentMethods: PaymentMethodService,
    private readonly liveSessions: LiveSessions,
  ) {}

  /**
   * The fields that reveal what was bought stop at once for a token whose session ended (revoked, signed out
   * everywhere, password reset): it would otherwise keep reading keys for up to 15 minutes.
   */
  private async assertSessionLive(ctx: RequestContext): Promise<void> {
    // An API key has no session: its revocation is its end (the creator's sign-outs are not the key's).
    if (ctx.user && !ctx.user.apiKey) await this.liveSessions.assertLive(ctx.user);
  }

  @FieldResolver(() => Product)
  async product(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<Product> {
    const product = await ctx.loaders.productById.load(order.productId);
    // The foreign key guarantees it; a miss is a bug worth an INTERNAL_SERVER_ERROR with an id.
    if (!product) throw new Error(`Product ${order.productId} of order ${order.id} is missing`);
    return product;
  }

  @FieldResolver(() => String, { description: 'The first 8 characters of the id, as the dashboard shows it' })
  shortId(@Root() order: Order): string {
    return shortOrderId(order.id);
  }

  @FieldResolver(() => String, {
    description:
      "Amount to send in the method's currency, with its decimals (BTC 8, ETH 6, USDT 6), unique among open orders, " +
      'e.g. "54400.000001"',
  })
  paymentAmountCrypto(@Root() order: Order): string {
    return this.amount(order);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The payment request a wallet reads: BIP 21 for BTC, EIP-681 for ETH and USDT on Ethereum (address and exact amount), the address for USDT on TRON',
  })
  paymentUri(@Root() order: Order, @Ctx() ctx: RequestContext): string | null {
    if (!canSeeOrder(ctx.user, order)) return null;
    return this.paymentMethods.paymentUri(order.paymentMethod, order.cryptoAddress, this.amount(order));
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'SVG of a QR code of `paymentUri`, for the customer to scan while the order waits for its payment',
  })
  paymentQrSvg(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<string> | null {
    if (!canSeeOrder(ctx.user, order) || order.status !== OrderStatus.PENDING) return null;
    return this.paymentMethods.paymentQrSvg(order.paymentMethod, order.cryptoAddress, this.amount(order));
  }

  @FieldResolver(() => ExchangeRate, {
    nullable: true,
    description: "The rate the order's amount was priced at; null for orders placed before rates were recorded",
  })
  rate(@Root() order: Order): ExchangeRate | null {
    if (order.rateUsd === null || order.rateSource === null || order.rateFetchedAt === null) return null;
    return Object.assign(new ExchangeRate(), {
      currency: paymentMethodFacts(order.paymentMethod).currency,
      usd: order.rateUsd,
      source: order.rateSource,
      fetchedAt: order.rateFetchedAt,
    });
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "What is still to send to pay an UNDERPAID order, in the method's currency with its decimals (a payment of exactly this amount to the order's address pays it); null otherwise",
  })
  amountDue(@Root() order: Order): string | null {
    if (order.amountDueCrypto === null || order.status !== OrderStatus.PENDING) return null;
    return formatDecimal(order.amountDueCrypto, paymentMethodFacts(order.paymentMethod).decimals);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'The payment request of `amountDue` (as `paymentUri`, for the rest); null when nothing is due',
  })
  amountDueUri(@Root() order: Order, @Ctx() ctx: RequestContext): string | null {
    const due = this.amountDue(order);
    if (due === null || !canSeeOrder(ctx.user, order)) return null;
    return this.paymentMethods.paymentUri(order.paymentMethod, order.cryptoAddress, due);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'SVG of a QR code of `amountDueUri`; null when nothing is due',
  })
  amountDueQrSvg(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<string> | null {
    const due = this.amountDue(order);
    if (due === null || !canSeeOrder(ctx.user, order)) return null;
    return this.paymentMethods.paymentQrSvg(order.paymentMethod, order.cryptoAddress, due);
  }

  private amount(order: Order): string {
    return formatDecimal(order.paymentAmountCrypto, paymentMethodFacts(order.paymentMethod).decimals);
  }

  @FieldResolver(() => ChainPayment, {
    nullable: true,
    description:
      'The latest payment to this order seen on chain, with its confirmations (owner and admins); null when none',
  })
  async payment(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<ChainPayment | null> {
    if (!canSeeOrder(ctx.user, order)) return null;
    return paymentLoader(ctx).load(order.id);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Signed, expiring URL of the payment proof image; only for the owner and admins',
  })
  paymentProofUrl(@Root() order: Order, @Ctx() ctx: RequestContext): string | null {
    if (!order.paymentProofFileId || !canSeeOrder(ctx.user, order)) return null;
    return this.signedUrls.sign(order.paymentProofFileId);
  }

  @Requires(Permission.ORDERS_READ)
  @FieldResolver(() => OrderCustomer, { nullable: true, description: "The customer's name and e-mail (admins only)" })
  async customer(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<OrderCustomer | null> {
    const profile = order.joinedCustomer ?? (await profileLoader(ctx).load(order.userId));
    if (!profile) return null;
    return Object.assign(new OrderCustomer(), { fullName: profile.fullName, email: profile.email });
  }

  @FieldResolver(() => [LicenceKey], {
    description:
      'The licence keys delivered for this order: only for the owner and staff with KEYS, and only once the payment ' +
      'is confirmed (empty before)',
  })
  async keys(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<LicenceKey[]> {
    if (!mayReceive(ctx, order)) return [];
    await this.assertSessionLive(ctx);
    const keys = (await keysLoader(ctx).load(order.id)) ?? [];
    return keys.map(({ id, value, deliveredAt }) => Object.assign(new LicenceKey(), { id, value, deliveredAt }));
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Signed, expiring URL of all the delivered keys as one text file (owner and staff with KEYS, after payment)',
  })
  async keysFileUrl(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (!mayReceive(ctx, order)) return null;
    await this.assertSessionLive(ctx);
    const delivered = (await keyCountLoader(ctx).load(order.id)) ?? 0;
    return delivered > 0 ? this.signedUrls.signKeysFile(order.id) : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Signed, expiring URL of a DOWNLOAD product's file, once the order is delivered (owner and staff with KEYS)",
  })
  async downloadUrl(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (order.status !== OrderStatus.COMPLETED || !mayHoldGoods(ctx, order)) return null;
    const product = await ctx.loaders.productById.load(order.productId);
    // The file is delivered with the kinds that deliver one (DOWNLOAD), not with a product switched away from them.
    if (!product?.downloadFileId || !fulfilmentHandler(product.fulfilment).showsDownload) return null;
    await this.assertSessionLive(ctx);
    return this.signedUrls.sign(product.downloadFileId);
  }

  @FieldResolver(() => [OrderEvent], { description: 'Audit trail of status changes, oldest first' })
  async events(@Root() order: Order, @Ctx() ctx: RequestContext): Promise<OrderEvent[]> {
    if (!canSeeOrder(ctx.user, order)) return [];
    return eventsLoader(ctx).load(order.id) as Promise<OrderEvent[]>;
  }
}

/** Who made a change in an order's audit trail; admins only. */
@Resolver(() => OrderEvent)
export class OrderEventFieldsResolver {
  @Requires(Permission.ORDERS_READ)
  @FieldResolver(() => String, { nullable: true, description: 'E-mail of whoever made the change (admins only)' })
  async actorEmail(@Root() event: OrderEvent, @Ctx() ctx: RequestContext): Promise<string | null> {
    if (!event.actorId) return null;
    return (await profileLoader(ctx).load(event.actorId))?.email ?? null;
  }
}
