import express from 'express';
import { isUuid } from '../../../common/validation';
import type { Container } from '../container';
import { FileStore } from '../files/file-store';
import { sendPrivateFile } from '../files/files.route';
import { IMAGE_EXTENSIONS, type ImageMime } from '../files/image-type';

/**
 * GET /product-images/<id>.<ext> (`productImagePath`): an image an admin uploaded for a product (docs/product.md "Catalogue editor").
 * Public, unlike the other stored files, and only files of kind 'product_image': a proof's id finds nothing here. A
 * new upload gets a new id, so the bytes behind a URL never change and browsers and proxies may keep them a year.
 */
export function productImagesRouter(container: Container): express.Router {
  const router = express.Router();
  router.get('/product-images/:name', async (req, res, next) => {
    try {
      const [, id, extension] = /^([^.]+)\.([a-z]+)$/.exec(req.params.name) ?? [];
      const file = id && isUuid(id) ? await container.get(FileStore).read(id, 'product_image') : null;
      if (!file || IMAGE_EXTENSIONS[file.mime as ImageMime] !== extension) {
        res.status(404).type('text/plain').send('Image not found.');
        return;
      }
      sendPrivateFile(res, {
        bytes: file.bytes,
        mime: file.mime,
        filename: `${file.id}.${extension}`,
        inline: true,
        cacheControl: 'public, max-age=31536000, immutable',
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
