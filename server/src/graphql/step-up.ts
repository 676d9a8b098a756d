import { isPaidStatus } from '../../../common/order-lifecycle';

/**
 * The sensitive mutations that ask for the second factor again when the session's last check is older than 10
 * minutes (docs/staff-and-permissions.md "Two-factor sign-in"): what changes who may act, where the store's data goes, or moves
 * money and goods out. One list, read by the auth checker; the permission test checks each name is a mutation.
 */
export const STEP_UP_OPERATIONS: ReadonlySet<string> = new Set([
  // Adding a factor (FIRST_FACTOR_OPERATIONS): a stolen session must not add its own authenticator, which would then
  // pass every step-up (confirming stamps the session) and lock the owner out.
  'beginTotpEnrolment',
  'confirmTotpEnrolment',
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
  'beginPasskeyRegistration',
  'addPasskey',
  'removePasskey',
  'resetSecondFactors',
]);

/**
 * The step-up operations that ask even an account without a factor: adding its first one. Its check is the password
 * (a password sign-in's session is checked; confirmPassword later), so a stolen session cannot plant a factor.
 */
export const FIRST_FACTOR_OPERATIONS: ReadonlySet<string> = new Set([
  'beginTotpEnrolment',
  'confirmTotpEnrolment',
  'beginPasskeyRegistration',
  'addPasskey',
]);

/**
 * Mutations that are sensitive with some arguments only: setOrderStatus to a paid status delivers the order's licence
 * keys and files (docs/order-lifecycle.md), as marking it paid does; other moves of an order are routine.
 */
export const STEP_UP_WHEN: Readonly<Record<string, (args: Record<string, unknown>) => boolean>> = {
  setOrderStatus: (args) => typeof args.status === 'string' && isPaidStatus(args.status),
};

/** Whether mutation `name` called with `args` needs a recent second-factor check. */
export function needsStepUp(name: string, args: Record<string, unknown>): boolean {
  return STEP_UP_OPERATIONS.has(name) || (STEP_UP_WHEN[name]?.(args) ?? false);
}
