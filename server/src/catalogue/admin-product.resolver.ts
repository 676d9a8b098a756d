import { Arg, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import type { RequestContext } from '../graphql/context';
import { UploadScalar, type UploadValue } from '../graphql/scalars/upload';
import { ProductEditorService } from './product-editor.service';
import { Product } from './product.entity';
import { ProductInput } from './product.inputs';
import { ProductService } from './product.service';

/**
 * The admin's Products tab (docs/product.md "Admin"): every product, the stock switch, the catalogue editor and the
 * list's live updates.
 */
@Resolver(() => Product)
export class AdminProductResolver {
  constructor(
    private readonly products: ProductService,
    private readonly editor: ProductEditorService,
  ) {}

  @Requires(Permission.CATALOGUE, Permission.KEYS)
  @Query(() => [Product], { description: 'Admin: all products, inactive ones too, name ascending' })
  adminProducts(): Promise<Product[]> {
    return this.products.listAll();
  }

  @Requires(Permission.KEYS)
  @Mutation(() => Product, { description: 'Admin: marks a product in or out of stock' })
  setProductStock(
    @Arg('productId', () => ID) productId: string,
    @Arg('inStock', () => Boolean) inStock: boolean,
  ): Promise<Product> {
    return this.products.setStock(productId, inStock);
  }

  @Requires(Permission.CATALOGUE)
  @Mutation(() => Product, {
    description:
      'Admin: adds a product. `image`: JPEG, PNG, WebP or GIF (by its bytes), at most 5 MB, sent multipart. ' +
      'Refused fields come back as BAD_USER_INPUT fieldErrors; a taken slug on the field `slug`.',
  })
  createProduct(
    @Arg('input', () => ProductInput) input: ProductInput,
    @Arg('image', () => UploadScalar, { nullable: true }) image: UploadValue | null,
  ): Promise<Product> {
    return this.editor.create(input, image);
  }

  @Requires(Permission.CATALOGUE)
  @Mutation(() => Product, {
    description:
      'Admin: replaces every field of a product (last write wins); its image only when `image` is sent. NOT_FOUND ' +
      'for an unknown id.',
  })
  updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Arg('image', () => UploadScalar, { nullable: true }) image: UploadValue | null,
  ): Promise<Product> {
    return this.editor.update(id, input, image);
  }

  @Requires(Permission.CATALOGUE, Permission.KEYS)
  @Subscription(() => Product, {
    description: 'Admin: a product after each change (e.g. setProductStock), from any server process',
    subscribe: ({ context }) => (context as RequestContext).container.get(ProductService).watchChanges(),
  })
  productChanged(@Root() product: Product): Product {
    return product;
  }
}
