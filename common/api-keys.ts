/**
 * API keys for integrators (docs/staff-and-permissions.md "API keys"): what the API and the admin panel share.
 */
import type { PermissionName } from './staff';

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
} as const;
