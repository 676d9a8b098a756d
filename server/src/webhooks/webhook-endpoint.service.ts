import { DataSource } from 'typeorm';
import { isUuid } from '../../../common/validation';
import { WEBHOOK_MESSAGES, webhookEndpointSchema } from '../../../common/webhooks';
import type { AuthUser } from '../accounts/access-token';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { DOMAIN_EVENT_TYPES } from '../core/domain-events';
import { InputError, NotFoundError, parseInput } from '../core/errors';
import { logger } from '../core/logger';
import { hydrate } from '../db/hydrate';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { generateWebhookSecret } from './webhook-signature';
import { resolveTarget, TargetRefusedError } from './webhook-target';

/** The events an endpoint may subscribe to: every domain event, by the name it is recorded with. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = DOMAIN_EVENT_TYPES;

/** A new endpoint and its signing secret, which is shown this once. */
export interface CreatedEndpoint {
  endpoint: WebhookEndpoint;
  secret: string;
}

/**
 * Admins' webhook endpoints (docs/jobs-and-events.md "Webhooks"): add one (URL and events; the secret is returned
 * once), list them, delete one with its delivery log. In production a URL whose host resolves to an internal address
 * is refused here, and again before every delivery (webhook-target.ts).
 */
@Service()
export class WebhookEndpointService {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Every endpoint, newest first. */
  list(): Promise<WebhookEndpoint[]> {
    return this.db.getRepository(WebhookEndpoint).find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Adds an endpoint for `admin`: the URL and events by the rules of common/webhooks.ts, the URL's host public unless
   * internal addresses are allowed (WEBHOOK_ALLOW_PRIVATE_URLS). Returns the endpoint with its new secret.
   */
  async create(admin: AuthUser, input: { url?: string | null; events?: string[] | null }): Promise<CreatedEndpoint> {
    const { url, events } = parseInput(webhookEndpointSchema(WEBHOOK_EVENT_TYPES), input);
    if (!this.config.webhooks.allowPrivateUrls) await this.checkPublic(url);
    const secret = generateWebhookSecret();
    const rows: Record<string, unknown>[] = await this.db.query(
      `INSERT INTO webhook_endpoints (url, events, secret, created_by) VALUES ($1, $2, $3, $4) RETURNING *`,
      [url, events, secret, admin.id],
    );
    const endpoint = hydrate(this.db.manager, WebhookEndpoint, rows[0]);
    logger.info({ endpointId: endpoint.id, url, events, adminId: admin.id }, 'Webhook endpoint added');
    return { endpoint, secret };
  }

  private async checkPublic(url: string): Promise<void> {
    try {
      await resolveTarget(new URL(url), false);
    } catch (error) {
      if (!(error instanceof TargetRefusedError)) throw error;
      throw InputError.field(
        'url',
        error.reason === 'unresolvable' ? WEBHOOK_MESSAGES.urlUnresolvable : WEBHOOK_MESSAGES.urlNotPublic,
      );
    }
  }

  /** Deletes an endpoint and its delivery log; its queued deliveries find nothing to send. Unknown: NOT_FOUND. */
  async delete(admin: AuthUser, id: string): Promise<true> {
    if (!isUuid(id)) throw new NotFoundError('Webhook endpoint');
    const rows: { id: string; url: string }[] = await this.db.query(
      `WITH deleted AS (DELETE FROM webhook_endpoints WHERE id = $1 RETURNING id, url) SELECT * FROM deleted`,
      [id],
    );
    if (rows.length === 0) throw new NotFoundError('Webhook endpoint');
    logger.info({ endpointId: id, url: rows[0].url, adminId: admin.id }, 'Webhook endpoint deleted');
    return true;
  }
}
