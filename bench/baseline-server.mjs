/**
 * The baseline: the least a Node.js server needs to answer the storefront's catalogue query, with
 * `node:http` and `pg` and nothing else (no GraphQL, no ORM, no framework, no cache). It reads the same
 * table on every request and sends the same JSON as the store's `products` query with the /products
 * page's selection, so the benchmark can tell what the store's stack costs on top of this limit.
 *
 * Env: DATABASE_URL, PORT. Prints `listening <port>` once ready.
 */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';
import pg from 'pg';

// The app's pool is 20 connections (server/src/db/data-source.ts); the same here.
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const PRODUCTS_SQL = `
  SELECT id, slug, name, category, description, price, in_stock, features, image
  FROM products WHERE active ORDER BY price ASC, name ASC`;

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const { rows } = await db.query(PRODUCTS_SQL);
      const products = rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        category: row.category,
        description: row.description,
        price: Number(row.price),
        inStock: row.in_stock,
        features: row.features,
        image: row.image,
      }));
      const body = JSON.stringify({ data: { products } });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: String(error) }] }));
    }
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});

process.on('SIGTERM', () => {
  server.close();
  void db.end().then(() => process.exit(0));
});
