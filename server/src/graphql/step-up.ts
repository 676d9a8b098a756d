/**
 * The sensitive mutations that ask for the second factor again when the session's last check is older than 10
 * minutes (docs/staff-and-permissions.md "Two-factor sign-in"): what changes who may act, where the store's data goes, or moves
 * money and goods out. One list, read by the auth checker; the permission test checks each name is a mutation.
 */
export const STEP_UP_OPERATIONS: ReadonlySet<string> = new Set([
  'inviteStaff',
  'setStaffRole',
  'createWebhookEndpoint',
  'deleteWebhookEndpoint',
  'offerRefund',
  'recordRefundPayment',
  'cancelRefund',
  'revokeProductKey',
  'createApiKey',
  'revokeApiKey',
]);
