import { Arg, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { Requires, SignedIn } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { liveSubscriber } from '../graphql/live-subscriber';
import { OrderStatus } from '../core/enums';
import { UploadScalar, type UploadValue } from '../graphql/scalars/upload';
import { CheckoutService } from './checkout.service';
import { OrderLiveService } from './order-live.subscription';
import { Order } from './order.entity';
import { PlaceOrderInput } from './order.inputs';
import { OrderService } from './order.service';
import { AdminOrderFeedMessage } from './order.types';

/**
 * Checkout, one order, status changes and live order updates (docs/order-lifecycle.md "Who may move an order where";
 * docs/product.md "Roles"). Signed-in operations reach their resolver only with a user (@SignedIn / @Requires check it
 * first), hence `ctx.user!`.
 */
@Resolver(() => Order)
export class OrderResolver {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly orders: OrderService,
  ) {}

  @SignedIn()
  @Query(() => Order, { nullable: true, description: 'An order of yours (admins: any order); else NOT_FOUND' })
  order(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<Order> {
    return this.orders.getVisible(ctx.user, id);
  }

  @SignedIn()
  @Mutation(() => Order, {
    description:
      'Places an order with status PENDING. Totals and the crypto amount are computed by the server. `proof` is an ' +
      'optional image (JPEG/PNG/WebP/GIF by content, at most 5 MB) sent as a multipart upload.',
  })
  placeOrder(
    @Arg('input', () => PlaceOrderInput) input: PlaceOrderInput,
    @Arg('proof', () => UploadScalar, { nullable: true }) proof: UploadValue | null,
    @Ctx() ctx: RequestContext,
  ): Promise<Order> {
    return this.checkout.placeOrder(ctx.user!, input, proof, ctx.ip);
  }

  @SignedIn()
  @Mutation(() => Order, { description: 'The owner cancels their order while it is PENDING' })
  cancelOrder(@Arg('orderId', () => ID) orderId: string, @Ctx() ctx: RequestContext): Promise<Order> {
    return this.orders.cancel(ctx.user!, orderId);
  }

  @SignedIn()
  @Mutation(() => Order, {
    description: 'The owner gives the transaction ID of their payment while the order is PENDING',
  })
  submitTransactionId(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('transactionId', () => String) transactionId: string,
    @Ctx() ctx: RequestContext,
  ): Promise<Order> {
    return this.orders.submitTransactionId(ctx.user!, orderId, transactionId, ctx.ip);
  }

  @Requires(Permission.ORDERS_WRITE)
  @Mutation(() => Order, {
    description: 'Sets any status (no transition rules); each change is recorded in Order.events',
  })
  setOrderStatus(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('status', () => OrderStatus) status: OrderStatus,
    @Ctx() ctx: RequestContext,
  ): Promise<Order> {
    return this.orders.setStatus(ctx.user!, orderId, status);
  }

  @SignedIn()
  @Subscription(() => Order, {
    description:
      'One order of yours (admins: any order) as it is now, then after each change; a stranger gets NOT_FOUND',
    subscribe: ({ args, context }) =>
      (context as RequestContext).container
        .get(OrderLiveService)
        .watchOrder(liveSubscriber(context as RequestContext), String(args.orderId)),
  })
  orderUpdated(@Root() order: Order, @Arg('orderId', () => ID) _orderId: string): Order {
    return order;
  }

  @Requires(Permission.ORDERS_READ)
  @Subscription(() => Order, {
    description: 'Every new order and every change of an order (admins)',
    subscribe: ({ context }) =>
      (context as RequestContext).container.get(OrderLiveService).watchAll(liveSubscriber(context as RequestContext)),
  })
  adminOrderChanged(@Root() order: Order): Order {
    return order;
  }

  @Requires(Permission.ORDERS_READ)
  @Subscription(() => AdminOrderFeedMessage, {
    description:
      "Admins: the order queue's feed. First `{ ready: true }` once it is live (fetch the queue then), then `{ order }` for every new or changed order",
    subscribe: ({ context }) =>
      (context as RequestContext).container.get(OrderLiveService).watchQueue(liveSubscriber(context as RequestContext)),
  })
  adminOrderFeed(@Root() message: AdminOrderFeedMessage): AdminOrderFeedMessage {
    return message;
  }
}
