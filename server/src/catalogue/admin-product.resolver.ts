import { Arg, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { AdminOnly } from '../graphql/access';
import type { RequestContext } from '../graphql/context';
import { Product } from './product.entity';
import { ProductService } from './product.service';

/** The admin's Products Stock tab (docs/product.md "Admin"): every product, the stock switch and its live updates. */
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
    subscribe: ({ context }) => (context as RequestContext).container.get(ProductService).watchChanges(),
  })
  productChanged(@Root() product: Product): Product {
    return product;
  }
}
