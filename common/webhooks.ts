/**
 * The rules of a webhook endpoint (docs/jobs-and-events.md "Webhooks"), shared by the API and the admin panel's add
 * dialog so a message is typed once. The event names come from the server (`webhookEventTypes`), which owns the list.
 */
import { z } from 'zod';

export const WEBHOOK_LIMITS = {
  /** Longer than any real endpoint; keeps a URL a readable line in the admin panel. */
  url: 2048,
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL of the endpoint',
  urlInvalid: 'Enter a valid URL starting with http:// or https://',
  urlTooLong: `The URL must be at most ${WEBHOOK_LIMITS.url} characters`,
  /** Production only (SSRF): the host resolves to a loopback, private, link-local or otherwise internal address. */
  urlNotPublic: 'Webhooks can only be sent to public addresses: this URL points to a private or local network',
  /** Production only: the host has no address, so nothing could be delivered. */
  urlUnresolvable: "The URL's host could not be found",
  eventsRequired: 'Choose at least one event',
  /** The name is quoted as JSON, so a control character in it shows as an escape, not as itself. */
  unknownEvent: (name: string) => `Unknown event ${JSON.stringify(name.slice(0, 60))}`,
} as const;

/** Control characters and white space: never part of a URL as typed (the URL parser would drop or encode them). */
// eslint-disable-next-line no-control-regex
const NOT_IN_URL = /[\u0000-\u0020\u007f-\u009f]/;

/** A URL as an endpoint's address: http or https, absolute, normalised by the URL parser (host lower-cased). */
export const webhookUrlSchema = z
  .string(WEBHOOK_MESSAGES.urlRequired)
  .trim()
  .min(1, { message: WEBHOOK_MESSAGES.urlRequired, abort: true })
  .max(WEBHOOK_LIMITS.url, { message: WEBHOOK_MESSAGES.urlTooLong, abort: true })
  .refine((v) => !NOT_IN_URL.test(v) && URL.canParse(v), { message: WEBHOOK_MESSAGES.urlInvalid, abort: true })
  .transform((v) => new URL(v))
  .refine((url) => (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '', {
    message: WEBHOOK_MESSAGES.urlInvalid,
    abort: true,
  })
  .transform((url) => url.href)
  .refine((href) => href.length <= WEBHOOK_LIMITS.url, WEBHOOK_MESSAGES.urlTooLong);

/**
 * `{ url, events }` of a new endpoint, `events` being names from `eventTypes`: at least one, each known, repeats
 * dropped (in the list's order).
 */
export function webhookEndpointSchema(eventTypes: readonly string[]) {
  return z.object({
    url: webhookUrlSchema,
    events: z
      .array(z.string(), WEBHOOK_MESSAGES.eventsRequired)
      .min(1, WEBHOOK_MESSAGES.eventsRequired)
      .superRefine((events, ctx) => {
        const unknown = events.find((name) => !eventTypes.includes(name));
        if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.unknownEvent(unknown) });
      })
      .transform((events) => eventTypes.filter((name) => events.includes(name))),
  });
}
