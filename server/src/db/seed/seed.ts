/**
 * Seeds an empty database with the demo catalogue and guides, and makes sure the first admin exists
 * (docs/architecture.md "Process model"). Each part runs only on an empty table, so restarts never duplicate rows.
 */
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { insertAccount, isUniqueViolation, normalizeEmail } from '../../accounts/account-records';
import { hashPassword } from '../../accounts/password';
import { OWNER_ROLE } from '../../accounts/user-role.entity';
import { logger } from '../../core/logger';
import { insertKeys } from '../../inventory/inventory.service';
import { KeyCipher } from '../../inventory/key-cipher';
import { seedProducts } from './catalogue.data';
import { seedGuides } from './guides.data';

export const DEMO_ADMIN_EMAIL = 'admin@store.local';

export async function seedCatalogue(db: DataSource | EntityManager): Promise<void> {
  const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM products`);
  if (count > 0) return;
  for (const p of seedProducts) {
    await db.query(
      `INSERT INTO products (slug, name, category, description, long_description, price, in_stock, active,
         features, image, min_quantity, price_tiers, fulfilment)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
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
        p.fulfilment,
      ],
    );
  }
  logger.info({ products: seedProducts.length }, 'Seeded demo catalogue');
}

/**
 * Gives the demo catalogue its stock (docs/inventory.md "Demo stock"): generated licence keys for each product
 * stocked by keys that has none yet (crypto keys a few hundred each, the SSL bulk package 12,500, so a 4,000-key
 * order works out of the box) and a demo file for each DOWNLOAD product. Keys are encrypted under the store's
 * KEYS_ENCRYPTION_KEY like imported ones. Runs only for products without keys, so restarts add nothing.
 */
export async function seedDemoInventory(db: DataSource, keysEncryptionKey: string): Promise<void> {
  const cipher = KeyCipher.fromSecret(keysEncryptionKey);
  let seeded = 0;
  for (const p of seedProducts.filter((product) => product.demoKeys > 0)) {
    await db.transaction(async (manager) => {
      const [product]: { id: string; has_keys: boolean }[] = await manager.query(
        `SELECT id, EXISTS (SELECT 1 FROM product_keys WHERE product_id = products.id) AS has_keys
         FROM products WHERE slug = $1 FOR UPDATE`,
        [p.slug],
      );
      if (!product || product.has_keys) return;
      const prefix = demoKeyPrefix(p.slug);
      const keys = Array.from({ length: p.demoKeys }, () => `${prefix}-${demoKeyBody()}`);
      await insertKeys(manager, cipher, product.id, keys);
      if (p.fulfilment === 'DOWNLOAD') {
        const [file]: { id: string }[] = await manager.query(
          `INSERT INTO stored_files (kind, filename, mime, size, sha256, bytes)
           VALUES ('product_download', $1, 'text/plain', $2, encode(sha256($3), 'hex'), $3) RETURNING id`,
          (() => {
            const bytes = Buffer.from(demoDownload(p.name), 'utf8');
            return [`${p.slug}-demo.txt`, bytes.length, bytes];
          })(),
        );
        await manager.query(`UPDATE products SET download_file_id = $2 WHERE id = $1`, [product.id, file.id]);
      }
      await manager.query(`UPDATE products SET keys_in_stock = $2 >= min_quantity WHERE id = $1`, [
        product.id,
        p.demoKeys,
      ]);
      seeded += keys.length;
    });
  }
  if (seeded > 0) logger.info({ keys: seeded }, 'Seeded demo licence keys');
}

/** ZCASH-KEYS → ZCASH: a recognisable prefix for a product's demo keys. */
function demoKeyPrefix(slug: string): string {
  return slug.split('-')[0].toUpperCase().slice(0, 6);
}

/** Four groups of five characters from an alphabet without look-alikes, as licence keys usually are. */
function demoKeyBody(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

function demoDownload(productName: string): string {
  return [
    `${productName}: demo download`,
    '',
    'This file stands in for the product the demo store sells. A real store puts the product itself here',
    '(a ZIP of the script or bot), and the licence key delivered with the order activates it.',
    '',
  ].join('\n');
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
    await db.transaction((tx) => insertAccount(tx, { email, passwordHash, fullName, roles: [OWNER_ROLE] }));
  } catch (error) {
    // Another replica starting at the same moment created it first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

export interface SeedOptions {
  demoData: boolean;
  /** Encrypts the demo licence keys (the store's KEYS_ENCRYPTION_KEY). */
  keysEncryptionKey: string;
  admin: { email: string; password: string } | undefined;
  /** Embedded demo mode: create admin@store.local with a printed random password when no admin is configured. */
  createDemoAdmin: boolean;
}

export async function seedDatabase(db: DataSource, options: SeedOptions): Promise<void> {
  if (options.demoData) {
    await seedCatalogue(db);
    await seedDemoInventory(db, options.keysEncryptionKey);
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
