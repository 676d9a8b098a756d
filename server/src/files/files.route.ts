import express from 'express';
import { isUuid } from '../../../common/validation';
import type { Container } from '../container';
import { FileStore } from './file-store';
import { SignedUrlService } from './signed-url.service';

/** GET /files/:id?exp&sig: serves a stored file to whoever holds a valid, unexpired signed URL. */
export function filesRouter(container: Container): express.Router {
  const router = express.Router();
  router.get('/files/:id', async (req, res, next) => {
    try {
      const { id } = req.params;
      const signer = container.get(SignedUrlService);
      if (!isUuid(id) || !signer.verify(id, req.query.exp, req.query.sig)) {
        res.status(403).type('text/plain').send('This link is invalid or has expired.');
        return;
      }
      const file = await container.get(FileStore).read(id);
      if (!file) {
        res.status(404).type('text/plain').send('File not found.');
        return;
      }
      const inline = file.mime.startsWith('image/');
      res.set({
        'Content-Type': file.mime,
        'Content-Length': String(file.bytes.length),
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy':
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      });
      res.end(file.bytes);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
