import express from 'express';
import type { ProductService } from '../catalogue/product.service';
import { robotsTxt, sitemapXml } from './seo';

/** GET /sitemap.xml (the public pages and every active product, from the cached catalogue) and GET /robots.txt. */
export function seoRoutes(products: ProductService, publicUrl: string): express.Router {
  const router = express.Router();
  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const body = sitemapXml(await products.listActive(), publicUrl);
      res.set('Cache-Control', 'no-cache').type('application/xml').send(body);
    } catch (error) {
      next(error);
    }
  });
  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('text/plain').send(robotsTxt(publicUrl));
  });
  return router;
}
