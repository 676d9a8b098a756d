import express from 'express';
import { isUuid } from '../../../common/validation';
import type { Container } from '../container';
import { FileStore } from './file-store';
import { SignedUrlService } from './signed-url.service';

/** The answer to a signed link that does not verify (tampered, expired, or for something else). */
export function refuseSignedLink(res: express.Response): void {
  res.status(403).type('text/plain').send('This link is invalid or has expired.');
}

/**
 * Sends a stored file (behind a signed link, or a public product image): sniffing off, nothing in it may load anything or be framed, a download
 * unless `inline`, its name reduced to safe characters.
 */
export function sendPrivateFile(
  res: express.Response,
  file: { bytes: Buffer; mime: string; filename: string; inline: boolean; cacheControl: string },
): void {
  res.set({
    'Content-Type': file.mime,
    'Content-Length': String(file.bytes.length),
    'Cache-Control': file.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'Content-Disposition': `${file.inline ? 'inline' : 'attachment'}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
  });
  res.end(file.bytes);
}

/** GET /files/:id?exp&sig: serves a stored file to whoever holds a valid, unexpired signed URL. */
export function filesRouter(container: Container): express.Router {
  const router = express.Router();
  router.get('/files/:id', async (req, res, next) => {
    try {
      const { id } = req.params;
      const signer = container.get(SignedUrlService);
      if (!isUuid(id) || !signer.verify(id, req.query.exp, req.query.sig)) {
        refuseSignedLink(res);
        return;
      }
      const file = await container.get(FileStore).read(id);
      if (!file) {
        res.status(404).type('text/plain').send('File not found.');
        return;
      }
      sendPrivateFile(res, {
        bytes: file.bytes,
        mime: file.mime,
        filename: file.filename,
        inline: file.mime.startsWith('image/'),
        cacheControl: 'private, max-age=300',
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
