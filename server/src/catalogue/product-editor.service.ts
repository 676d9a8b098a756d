import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  isUuid,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  productInputSchema,
  type ParsedProductInput,
} from '../../../common/validation';
import { isUniqueViolation } from '../accounts/account-records';
import { Service } from '../container';
import { Fulfilment } from '../core/enums';
import { InputError, NotFoundError, parseInput } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { FileStore } from '../files/file-store';
import { IMAGE_EXTENSIONS, type ImageMime } from '../files/image-type';
import { readImageUpload, type ImageUpload } from '../files/image-upload';
import { discardUpload } from '../files/upload-reader';
import type { UploadValue } from '../files/upload-value';
import { fulfilmentHandler } from '../fulfilment';
import { OrderKeys } from '../inventory/order-keys.service';
import { Product } from './product.entity';
import type { ProductInput } from './product.inputs';
import { ProductService } from './product.service';

/** The unique index on products.slug (migration 1763700000000-initial). */
const SLUG_INDEX = 'products_slug_key';

/** The input as the shared rules take it: GraphQL's nulls for "not given" become what the rules default. */
function schemaInput(input: ProductInput): Record<string, unknown> {
  return {
    name: input.name ?? '',
    slug: input.slug ?? '',
    category: input.category ?? '',
    description: input.description ?? '',
    longDescription: input.longDescription ?? null,
    price: input.price ?? undefined,
    priceTiers: input.priceTiers?.map((tier) => ({
      minQuantity: tier.minQuantity ?? undefined,
      unitPrice: tier.unitPrice ?? undefined,
    })),
    minQuantity: input.minQuantity ?? 1,
    features: input.features ?? [],
    active: input.active ?? undefined,
  };
}

/** The public path of an uploaded product image (served by product-images.route.ts): /product-images/<id>.<ext>. */
export function productImagePath(fileId: string, mime: ImageMime): string {
  return `/product-images/${fileId}.${IMAGE_EXTENSIONS[mime]}`;
}

function readProductImage(upload: UploadValue): Promise<ImageUpload> {
  return readImageUpload(upload, {
    field: 'image',
    maxBytes: PRODUCT_LIMITS.imageBytes,
    messages: {
      notImage: PRODUCT_MESSAGES.imageNotImage,
      tooLarge: PRODUCT_MESSAGES.imageTooLarge,
      failed: PRODUCT_MESSAGES.imageUploadFailed,
    },
  });
}

/**
 * The admin's catalogue editor (docs/product.md "Catalogue editor"): creates and replaces products, with an optional
 * uploaded image.
 *
 * Everything a save writes happens in one transaction: the image file, the product row, the deletion of the image it
 * replaces, and the 'products' notification (sent on commit), so a refused input or image, or a taken slug, leaves no
 * file and no half-written product. The slug's uniqueness is the unique index's: of concurrent saves with one slug,
 * one commits and the others get the slug's field error. Concurrent updates of one product run one after another
 * (the row is locked) and the last one wins: each replaces every field.
 *
 * On commit the local catalogue cache is dropped at once (the caller's next read sees the change) and every other
 * process drops its own on the notification, which also feeds the admins' live list (`productChanged`).
 */
@Service()
export class ProductEditorService {
  constructor(
    private readonly db: DataSource,
    private readonly products: ProductService,
    private readonly files: FileStore,
    private readonly bus: EventBus,
    private readonly orderKeys: OrderKeys,
  ) {}

  /** Adds a product (image optional). BAD_USER_INPUT with field errors for any refused field or image. */
  create(input: ProductInput, image: UploadValue | null | undefined): Promise<Product> {
    return this.save(null, input, image);
  }

  /**
   * Replaces every field of product `id`; its image only when one is uploaded. NOT_FOUND for an unknown id. Switching
   * a product stocked by keys to MANUAL is refused while open orders hold reserved keys of it (docs/inventory.md
   * "Changing fulfilment").
   */
  update(id: string, input: ProductInput, image: UploadValue | null | undefined): Promise<Product> {
    return this.save(id, input, image);
  }

  private async save(id: string | null, input: ProductInput, image: UploadValue | null | undefined): Promise<Product> {
    let imageConsumed = false;
    try {
      const values = parseInput(productInputSchema, schemaInput(input));
      if (id !== null && !isUuid(id)) throw new NotFoundError('Product');
      let upload: ImageUpload | null = null;
      if (image) {
        imageConsumed = true;
        upload = await readProductImage(image);
      }
      const productId = await this.write(id, { ...values, fulfilment: input.fulfilment }, upload);
      this.products.invalidate();
      const saved = await this.products.findById(productId);
      // Just committed; only a delete in between (there is no product deletion) could lose it.
      if (!saved) throw new NotFoundError('Product');
      return saved;
    } finally {
      if (!imageConsumed) discardUpload(image);
    }
  }

  private async write(
    id: string | null,
    values: ParsedProductInput & { fulfilment: Fulfilment },
    upload: ImageUpload | null,
  ): Promise<string> {
    try {
      return await this.db.transaction(async (manager) => {
        const current = id ? await this.lockForUpdate(manager, id, values.fulfilment) : null;
        const productId = id ?? randomUUID();
        const file = upload
          ? await this.files.save(manager, {
              ownerId: null,
              kind: 'product_image',
              filename: `${values.slug}.${upload.extension}`,
              mime: upload.mime,
              bytes: upload.bytes,
            })
          : null;
        const row = {
          slug: values.slug,
          name: values.name,
          category: values.category,
          description: values.description,
          longDescription: values.longDescription,
          price: values.price,
          priceTiers: values.priceTiers,
          minQuantity: values.minQuantity,
          features: values.features,
          fulfilment: values.fulfilment,
          active: values.active,
          ...(file && upload ? { image: productImagePath(file.id, upload.mime), imageFileId: file.id } : {}),
        };
        const products = manager.getRepository(Product);
        if (current) await products.update({ id: productId }, row);
        else await products.insert({ id: productId, ...row });
        // The replaced upload is no longer referenced: it goes with the change, or stays if the change rolls back.
        if (file && current?.imageFileId) await this.files.delete(manager, current.imageFileId);
        await this.bus.publish({ topic: 'products', id: productId }, manager);
        // A new minimum or fulfilment may flip whether the keys cover the minimum (docs/inventory.md).
        if (current && fulfilmentHandler(values.fulfilment).stockedByKeys) {
          await this.orderKeys.announceStock(productId, { always: false, manager });
        }
        return productId;
      });
    } catch (error) {
      if (isUniqueViolation(error) && (error as { constraint?: string }).constraint === SLUG_INDEX) {
        throw InputError.field('slug', PRODUCT_MESSAGES.slugTaken);
      }
      throw error;
    }
  }

  /**
   * The product's row, locked until commit (so checkouts, which read it FOR SHARE, wait, and concurrent edits run in
   * turn); NOT_FOUND when there is none. Refuses switching to MANUAL while open orders hold reserved keys: a MANUAL
   * product's orders are never given keys, so theirs would stay reserved.
   */
  private async lockForUpdate(
    manager: EntityManager,
    id: string,
    fulfilment: Fulfilment,
  ): Promise<{ imageFileId: string | null }> {
    const [row]: { fulfilment: Fulfilment; image_file_id: string | null }[] = await manager.query(
      `SELECT fulfilment, image_file_id FROM products WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) throw new NotFoundError('Product');
    // Only a switch from a kind stocked by keys to one without them can strand reserved keys.
    if (fulfilmentHandler(row.fulfilment).stockedByKeys && !fulfilmentHandler(fulfilment).stockedByKeys) {
      const reserved = await this.orderKeys.reservedCount(manager, id);
      if (reserved > 0) throw InputError.field('fulfilment', PRODUCT_MESSAGES.fulfilmentKeysReserved(reserved));
    }
    return { imageFileId: row.image_file_id };
  }
}
