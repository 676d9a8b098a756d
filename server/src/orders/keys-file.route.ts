import express from 'express';
import { shortOrderId } from '../../../common/order-lifecycle';
import { isUuid } from '../../../common/validation';
import type { Container } from '../container';
import { refuseSignedLink, sendPrivateFile } from '../files/files.route';
import { keysFileSubject, SignedUrlService } from '../files/signed-url.service';
import { OrderKeys } from '../inventory/order-keys.service';
import { PAID } from './order-lifecycle';
import { OrderService } from './order.service';

/**
 * GET /order-keys/:orderId.txt?exp&sig: every licence key delivered for an order, one per line, as a text file (a
 * 4,000-key order is one download). The link is signed for whoever may see the order's keys (`Order.keysFileUrl`);
 * the order must still be paid when it is opened.
 */
export function keysFileRouter(container: Container): express.Router {
  const router = express.Router();
  router.get('/order-keys/:file', async (req, res, next) => {
    try {
      const orderId = req.params.file.replace(/\.txt$/, '');
      if (
        !isUuid(orderId) ||
        !container.get(SignedUrlService).verify(keysFileSubject(orderId), req.query.exp, req.query.sig)
      ) {
        refuseSignedLink(res);
        return;
      }
      const order = await container.get(OrderService).findById(orderId);
      const [keys] =
        order && PAID.includes(order.status) ? await container.get(OrderKeys).deliveredKeys([orderId]) : [[]];
      if (keys.length === 0) {
        res.status(404).type('text/plain').send('No licence keys have been delivered for this order.');
        return;
      }
      sendPrivateFile(res, {
        bytes: Buffer.from(keys.map((key) => key.value).join('\n') + '\n', 'utf8'),
        mime: 'text/plain; charset=utf-8',
        filename: `order-${shortOrderId(orderId)}-keys.txt`,
        inline: false,
        // Secrets: kept by no cache on the way.
        cacheControl: 'private, no-store',
      });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
