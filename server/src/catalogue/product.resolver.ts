import { Arg, Query, Resolver } from 'type-graphql';
import { Public } from '../graphql/access';
import { Product } from './product.entity';
import { ProductService } from './product.service';

@Resolver(() => Product)
export class ProductResolver {
  constructor(private readonly products: ProductService) {}

  @Public()
  @Query(() => [Product], { name: 'products', description: 'Active products, price ascending' })
  listProducts(): Promise<Product[]> {
    return this.products.listActive();
  }

  @Public()
  @Query(() => Product, {
    name: 'product',
    nullable: true,
    description: 'The active product with this slug; null when none',
  })
  productBySlug(@Arg('slug', () => String) slug: string): Promise<Product | null> {
    return this.products.findActiveBySlug(slug);
  }
}
