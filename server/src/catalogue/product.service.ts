import { DataSource } from 'typeorm';
import { Service } from '../container';
import { Product } from './product.entity';

/** Reads of the catalogue as customers see it: active products only (spec §7). */
@Service()
export class ProductService {
  constructor(private readonly db: DataSource) {}

  /** Active products, price ascending (name breaks ties so the order is stable). */
  listActive(): Promise<Product[]> {
    return this.db.getRepository(Product).find({ where: { active: true }, order: { price: 'ASC', name: 'ASC' } });
  }

  /** The active product with this slug, or null. */
  findActiveBySlug(slug: string): Promise<Product | null> {
    return this.db.getRepository(Product).findOneBy({ slug, active: true });
  }
}
