import express from 'express';
import type { AuthUser } from '../accounts/access-token';
import type { Container } from '../container';
import { AppError } from '../core/errors';
import { can, isStaff } from '../staff/permissions';
import { SecondFactorService } from '../accounts/second-factor.service';
import { AuditLogService, type AuditFilter } from './audit-log.service';

/**
 * GET /admin/audit-log.csv?actor&action&from&to: the audit log as a CSV download, for a caller whose
 * `Authorization: Bearer` (an access token) has STAFF now, as `adminAuditLog` asks (the admin panel fetches it with
 * its token and saves the answer). Answers 401/403/400 with a JSON error otherwise; never cached.
 */
export function auditCsvRouter(container: Container, principal: (req: express.Request) => Promise<AuthUser | null>) {
  const router = express.Router();
  router.get('/admin/audit-log.csv', async (req, res, next) => {
    try {
      res.set('Cache-Control', 'private, no-store');
      const user = await principal(req);
      if (!user) {
        res.status(401).set('WWW-Authenticate', 'Bearer').json(failure('UNAUTHENTICATED', 'You must be signed in'));
        return;
      }
      // REQUIRE_STAFF_2FA, as `@Requires` applies it to adminAuditLog: a staff member without a factor may only enrol.
      if (!user.apiKey && isStaff(user)) await container.get(SecondFactorService).assertStaffMayAct(user);
      if (!can(user, 'STAFF')) {
        res.status(403).json(failure('FORBIDDEN', 'This needs the STAFF permission, which your role does not have'));
        return;
      }
      const text = await container.get(AuditLogService).csv(filterOf(req.query));
      res
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
          'X-Content-Type-Options': 'nosniff',
        })
        .send(text);
    } catch (error) {
      if (error instanceof AppError && error.extensions.code === 'BAD_USER_INPUT') {
        res.status(400).json({ error: { code: 'BAD_USER_INPUT', message: error.message, ...error.extensions } });
        return;
      }
      if (error instanceof AppError && error.extensions.code === 'FORBIDDEN') {
        res.status(403).json({ error: { message: error.message, ...error.extensions } });
        return;
      }
      next(error);
    }
  });
  return router;
}

const failure = (code: string, message: string) => ({ error: { code, message } });

function filterOf(query: express.Request['query']): AuditFilter {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : null);
  const date = (name: 'from' | 'to') => {
    const value = text(name);
    if (!value) return null;
    const parsed = new Date(value);
    // PostgreSQL's timestamptz does not take every year JavaScript does (-200000 would be a 500): years 1 to 9999.
    const year = parsed.getUTCFullYear();
    if (Number.isNaN(parsed.getTime()) || year < 1 || year > 9999) {
      throw new AppError('BAD_USER_INPUT', `${name} is not a date`, { field: name });
    }
    return parsed;
  };
  return { actor: text('actor'), action: text('action'), from: date('from'), to: date('to') };
}
