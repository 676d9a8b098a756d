/**
 * Passkeys (WebAuthn) shared by the API and the web app (docs/staff-and-permissions.md "Passkeys"): the messages people
 * read and the rule for a passkey's name.
 */

/** How long a passkey request (the challenge the authenticator signs) lives: as long as the browser's prompt. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** A passkey's name ("MacBook", "YubiKey 5C") at most. */
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Name this passkey, for example the device it is on',
  nameTooLong: `Keep the name to ${PASSKEY_NAME_MAX} characters`,
  nameInvalid: 'The name cannot contain control characters',
  /** One answer for a wrong, reused or expired challenge: which one it was helps nobody but a guesser. */
  challengeInvalid: 'This passkey request is not valid any more: try again',
  /** One answer for an unknown passkey, a bad signature and a counter that went back (a cloned authenticator). */
  notAccepted: 'That passkey was not accepted: try again, or use another way to sign in',
  alreadyAdded: 'This passkey is already added to your account',
  /** An answer whose credential id is not one (not base64url, too long, `rawId` not the same). */
  malformed: 'That is not a passkey answer from a browser: try again',
  noPasskeys: 'This account has no passkeys',
  notFound: 'Passkey',
} as const;

/** A passkey's name as typed, trimmed; the message when it cannot be taken. */
export function checkPasskeyName(name: string): { name: string } | { error: string } {
  const trimmed = name.trim();
  if (!trimmed) return { error: PASSKEY_MESSAGES.nameRequired };
  if (trimmed.length > PASSKEY_NAME_MAX) return { error: PASSKEY_MESSAGES.nameTooLong };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return { error: PASSKEY_MESSAGES.nameInvalid };
  return { name: trimmed };
}
