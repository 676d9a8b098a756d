import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Viewer } from '../accounts/viewer.type';
import { Order } from './order.entity';
import { OrderService } from './order.service';

/**
 * `me.orders`: the signed-in customer's orders, newest first (docs/product.md "Dashboard"). A Viewer only ever
 * describes its own user (from `me`, or from an AuthPayload, where the request has no token yet), so
 * like `certificates` and `tickets` this field needs no rule of its own.
 */
@Resolver(() => Viewer)
export class ViewerOrdersResolver {
  constructor(private readonly orderService: OrderService) {}

  @FieldResolver(() => [Order], { description: 'Your orders, newest first' })
  orders(@Root() viewer: Viewer): Promise<Order[]> {
    return this.orderService.listForUser(viewer.id);
  }
}
