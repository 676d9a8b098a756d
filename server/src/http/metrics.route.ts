/**
 * `GET /metrics` (docs/deployment.md "Health and metrics"): Prometheus text for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it answers 404: metrics show request
 * rates, job backlogs and operation names, which are nobody's business on the public internet.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express from 'express';
import { bearerToken } from '../accounts/access-token';
import type { Metrics } from '../core/metrics';

export function metricsRoute(metrics: Metrics, token: string | undefined): express.Router {
  const router = express.Router();
  // Compared as SHA-256 digests: equal lengths always, so the comparison's time tells nothing, not even the length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(token ?? '');
  router.get('/metrics', async (req, res, next) => {
    // Answered here, not left to the web app's fallback (which would send the store's page).
    if (!token) {
      res
        .status(404)
        .set('Cache-Control', 'no-store')
        .json({
          error: { code: 'NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN to serve them' },
        });
      return;
    }
    const given = digest(bearerToken(req.headers.authorization) ?? '');
    if (!timingSafeEqual(given, expected)) {
      res
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .set('Cache-Control', 'no-store')
        .json({
          error: { code: 'UNAUTHENTICATED', message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>' },
        });
      return;
    }
    try {
      const { contentType, body } = await metrics.scrape();
      res.set('Content-Type', contentType).set('Cache-Control', 'no-store').send(body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
