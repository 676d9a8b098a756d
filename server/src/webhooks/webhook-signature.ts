/**
 * How deliveries are signed (docs/jobs-and-events.md "Webhooks"), Stripe's scheme:
 * `Store-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The receiver recomputes the HMAC
 * over the raw bytes it received with the secret it was shown once, compares in constant time, and refuses an old `t`
 * (a replayed request). The key is the secret string as shown, UTF-8, `whsec_` prefix included.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'Store-Signature';
export const EVENT_ID_HEADER = 'Store-Event-Id';

/** A new endpoint's signing secret: 32 random bytes, base64url, with a prefix that says what it is. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The Store-Signature value for `body` sent at `timestampSeconds`. */
export function signatureHeader(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}
