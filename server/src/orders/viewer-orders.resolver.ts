import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Viewer } from '../accounts/viewer.type';
import { SignedIn } from '../graphql/access';
import { Order } from './order.entity';
import { OrderService } from './order.service';

/** `me.orders`: the signed-in customer's orders, newest first (dashboard, spec §2). */
@Resolver(() => Viewer)
export class ViewerOrdersResolver {
  constructor(private readonly orderService: OrderService) {}

  @SignedIn()
  @FieldResolver(() => [Order], { description: 'Your orders, newest first' })
  orders(@Root() viewer: Viewer): Promise<Order[]> {
    return this.orderService.listForUser(viewer.id);
  }
}
