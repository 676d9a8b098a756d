import { Arg, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { UploadScalar, type UploadValue } from '../graphql/scalars/upload';
import { InventoryService } from './inventory.service';
import { KeyImportPreview, KeyImportResult, KeyStock } from './inventory.types';

/** The admin's licence-key stock (docs/inventory.md): import, counts, revocation. */
@Resolver()
export class InventoryResolver {
  constructor(private readonly inventory: InventoryService) {}

  @Requires(Permission.KEYS)
  @Query(() => KeyStock, { description: "Admin: a product's licence keys by status" })
  adminKeyStock(@Arg('productId', () => ID) productId: string): Promise<KeyStock> {
    return this.inventory.stock(productId);
  }

  @Requires(Permission.KEYS)
  @Mutation(() => KeyImportResult, {
    description:
      'Admin: adds licence keys to a product, one per line, from `keys` or an uploaded .txt/.csv `file` (at most ' +
      '100,000 keys and 5 MB). Blank lines are ignored and spaces trimmed; duplicates and invalid lines are ' +
      'reported by line, never imported.',
  })
  importProductKeys(
    @Arg('productId', () => ID) productId: string,
    @Arg('keys', () => [String], { nullable: true }) keys: string[] | null,
    @Arg('file', () => UploadScalar, { nullable: true }) file: UploadValue | null,
  ): Promise<KeyImportResult> {
    return this.inventory.importFrom(productId, keys, file);
  }

  // A mutation although it writes nothing: it takes the same upload as the import (multipart requests are mutations).
  @Requires(Permission.KEYS)
  @Mutation(() => KeyImportPreview, {
    description:
      'Admin: what importProductKeys would do with these keys, writing nothing: counts, duplicates within the text and ' +
      "against the product, keys another product has or that were sold already, lines in another product's format",
  })
  previewProductKeys(
    @Arg('productId', () => ID) productId: string,
    @Arg('keys', () => [String], { nullable: true }) keys: string[] | null,
    @Arg('file', () => UploadScalar, { nullable: true }) file: UploadValue | null,
  ): Promise<KeyImportPreview> {
    return this.inventory.previewFrom(productId, keys, file);
  }

  @Requires(Permission.KEYS)
  @Mutation(() => KeyStock, {
    description: 'Admin: takes an available licence key (given by its value) out of stock for good; returns the stock',
  })
  revokeProductKey(
    @Arg('productId', () => ID) productId: string,
    @Arg('key', () => String) key: string,
  ): Promise<KeyStock> {
    return this.inventory.revoke(productId, key);
  }
}
