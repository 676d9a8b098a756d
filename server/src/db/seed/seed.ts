/**
 * Seeds an empty database with the demo catalogue and guides, and makes sure the first admin exists
 * (docs/architecture.md "Process model"). Each part runs only on an empty table, so restarts never duplicate rows.
 */
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { insertAccount, isUniqueViolation, normalizeEmail } from '../../accounts/account-records';
import { hashPassword } from '../../accounts/password';
import { ADMIN_ROLE } from '../../accounts/user-role.entity';
import { logger } from '../../core/logger';
import { seedProducts } from './catalogue.data';
import { seedGuides } from './guides.data';

export const DEMO_ADMIN_EMAIL = 'admin@store.local';

export async function seedCatalogue(db: DataSource | EntityManager): Promise<void> {
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM products`);
  if (count > 0) return;
  for (const p of seedProducts) {
    await db.query(
      `INSERT INTO products (slug, name, category, description, long_description, price, in_stock, active,
         features, image, min_quantity, price_tiers)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        p.slug,
        p.name,
        p.category,
        p.description,
        p.longDescription,
        p.price,
        p.inStock,
        p.active,
        p.features,
        p.image,
        p.minQuantity,
        JSON.stringify(p.priceTiers),
      ],
    );
  }
  logger.info({ products: seedProducts.length }, 'Seeded demo catalogue');
}

export async function seedGuidesIfEmpty(db: DataSource | EntityManager): Promise<void> {
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM installation_guides`);
  if (count > 0) return;
  for (const g of seedGuides) {
    await db.query(
      `INSERT INTO installation_guides (title, server_type, category, content, steps, helpful_count, views)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [g.title, g.serverType, g.category, g.content, JSON.stringify(g.steps), g.helpfulCount, g.views],
    );
  }
  logger.info({ guides: seedGuides.length }, 'Seeded installation guides');
}

/** Creates a user with a profile and the admin role unless the e-mail exists. Returns true when created. */
export async function ensureAdmin(
  db: DataSource,
  email: string,
  password: string,
  fullName = 'Store Admin',
): Promise<boolean> {
  // Checked before hashing: this runs at every start, and argon2 is deliberately slow.
  const existing = await db.query(`SELECT 1 FROM users WHERE email = $1`, [normalizeEmail(email)]);
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction((tx) => insertAccount(tx, { email, passwordHash, fullName, roles: [ADMIN_ROLE] }));
  } catch (error) {
    // Another replica starting at the same moment created it first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

export interface SeedOptions {
  demoData: boolean;
  admin: { email: string; password: string } | undefined;
  /** Embedded demo mode: create admin@store.local with a printed random password when no admin is configured. */
  createDemoAdmin: boolean;
}

export async function seedDatabase(db: DataSource, options: SeedOptions): Promise<void> {
  if (options.demoData) {
    await seedCatalogue(db);
    await seedGuidesIfEmpty(db);
  }
  if (options.admin) {
    if (await ensureAdmin(db, options.admin.email, options.admin.password)) {
      logger.info({ email: normalizeEmail(options.admin.email) }, 'Created the first admin');
    }
  } else if (options.createDemoAdmin) {
    const password = `Adm1n-${randomBytes(9).toString('base64url')}`;
    if (await ensureAdmin(db, DEMO_ADMIN_EMAIL, password)) {
      // Printed once: the password is not stored anywhere else in clear.
      process.stdout.write(
        `\n  Demo admin created. Sign in at /admin with\n    email:    ${DEMO_ADMIN_EMAIL}\n    password: ${password}\n  (shown only this once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own)\n\n`,
      );
    }
  }
}
