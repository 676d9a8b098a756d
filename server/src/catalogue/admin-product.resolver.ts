import { Arg, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { AdminOnly } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { NotFoundError } from '../graphql/errors';
import { EventBus, type BusEvent } from '../graphql/event-bus';
import { Product } from './product.entity';
import { ProductService } from './product.service';

/** The admin's Products Stock tab (spec §2): every product, the stock switch and its live updates. */
@Resolver(() => Product)
export class AdminProductResolver {
  constructor(private readonly products: ProductService) {}

  @AdminOnly()
  @Query(() => [Product], { description: 'Admin: all products, inactive ones too, name ascending' })
  adminProducts(): Promise<Product[]> {
    return this.products.listAll();
  }

  @AdminOnly()
  @Mutation(() => Product, { description: 'Admin: marks a product in or out of stock' })
  setProductStock(
    @Arg('productId', () => ID) productId: string,
    @Arg('inStock', () => Boolean) inStock: boolean,
  ): Promise<Product> {
    return this.products.setStock(productId, inStock);
  }

  @AdminOnly()
  @Subscription(() => Product, {
    description: 'Admin: a product after each change (e.g. setProductStock), from any server process',
    subscribe: ({ context }) => (context as RequestContext).container.get(EventBus).subscribe('products'),
  })
  async productChanged(@Root() event: BusEvent): Promise<Product> {
    // Events carry only the id: send the row as it is now.
    const product = await this.products.findById(event.id);
    if (!product) throw new NotFoundError('Product');
    return product;
  }
}
