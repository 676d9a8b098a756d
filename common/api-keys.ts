/**
 * API keys for integrators (docs/staff-and-permissions.md "API keys"): what the API and the admin panel share.
 */
import { z } from 'zod';
import { PERMISSIONS, type PermissionName } from './staff';
import { hasControlCharacter } from './validation';

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'sk_store_';
/** `sk_store_` and 32 random bytes in base64url. */
export const API_KEY_PATTERN = /^sk_store_[A-Za-z0-9_-]{43}$/;
/** How many characters of the secret the list keeps to tell keys apart (`sk_store_` and six more). */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 100;

/**
 * Permissions a key may not hold: STAFF decides who holds power (staff, API keys, the audit log), so it stays with
 * people who sign in (docs/decisions.md "API keys").
 */
export const API_KEY_WITHHELD: readonly PermissionName[] = ['STAFF'];

export function looksLikeApiKey(token: string | null | undefined): token is string {
  return typeof token === 'string' && token.startsWith(API_KEY_PREFIX);
}

export const API_KEY_MESSAGES = {
  name: `Give the key a name of 1 to ${API_KEY_NAME_MAX} characters`,
  noPermissions: 'Choose at least one permission',
  withheld: 'An API key cannot hold the STAFF permission: staff, keys and the audit log stay with people',
  beyondCreator: (permission: string) => `You cannot give a key ${permission}: your role does not have it`,
  notFound: 'API key',
  customerOnly: 'An API key acts only through staff operations; this one needs a signed-in account',
  revoked: 'This API key is revoked or unknown',
  stepUp: "This action asks for a person's second factor: an API key cannot do it; sign in to the admin panel",
} as const;

/** A key's name as typed: trimmed, 1 to API_KEY_NAME_MAX characters, no control characters. */
export const apiKeyNameSchema = z
  .string(API_KEY_MESSAGES.name)
  .trim()
  .min(1, API_KEY_MESSAGES.name)
  .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.name)
  .refine((name) => !hasControlCharacter(name), API_KEY_MESSAGES.name);

/**
 * The permissions a key may be given by someone holding `granted`: their own, never API_KEY_WITHHELD (the admin
 * panel offers only these).
 */
export function grantablePermissions(granted: readonly PermissionName[]): PermissionName[] {
  return PERMISSIONS.filter((p) => granted.includes(p) && !API_KEY_WITHHELD.includes(p));
}

/**
 * `{ name, permissions }` of a new key made by someone holding `granted` (the admin panel's create dialog; the API
 * applies the same rules with their own messages for each refusal): at least one permission, each grantable,
 * returned in PERMISSIONS' order.
 */
export function apiKeySchema(granted: readonly PermissionName[]) {
  const allowed = grantablePermissions(granted);
  return z.object({
    name: apiKeyNameSchema,
    permissions: z
      .array(z.enum(PERMISSIONS), API_KEY_MESSAGES.noPermissions)
      .min(1, API_KEY_MESSAGES.noPermissions)
      .superRefine((chosen, ctx) => {
        const withheld = chosen.find((p) => API_KEY_WITHHELD.includes(p));
        if (withheld) ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.withheld });
        const beyond = chosen.find((p) => !allowed.includes(p) && !API_KEY_WITHHELD.includes(p));
        if (beyond) ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.beyondCreator(beyond) });
      })
      .transform((chosen) => PERMISSIONS.filter((p) => chosen.includes(p))),
  });
}
