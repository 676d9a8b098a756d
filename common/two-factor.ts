/**
 * Two-factor sign-in shared by the API and the web app (docs/staff-and-permissions.md "Two-factor sign-in"): the
 * messages people read and the shapes of the codes they type.
 */

/** How long a sign-in challenge (the step between the password and the code) lives. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
/** Sensitive actions ask for the second factor again when the session's last check is older than this. */
export const STEP_UP_MINUTES = 10;
/** Recovery codes handed out when TOTP is switched on. */
export const RECOVERY_CODE_COUNT = 10;

/** `extensions.reason` of the FORBIDDEN answers the web reacts to (enrolment screen, step-up prompt). */
export const SECOND_FACTOR_REASONS = {
  enrolmentRequired: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
  stepUpRequired: 'SECOND_FACTOR_REQUIRED',
} as const;

/**
 * `extensions.method` of a SECOND_FACTOR_REQUIRED answer: what confirms the session. PASSWORD for an account without
 * a factor adding its first one (confirmPassword), SECOND_FACTOR otherwise (confirmSecondFactor or a passkey).
 */
export const STEP_UP_METHODS = { password: 'PASSWORD', secondFactor: 'SECOND_FACTOR' } as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code',
  invalidCode: 'That code is not right: check your authenticator app (its clock too) and try again',
  reusedCode: 'That code was already used: wait for the next one in your authenticator app',
  usedRecoveryCode: 'That recovery code was already used: each one works once',
  challengeExpired: 'Signing in took too long: enter your e-mail and password again',
  challengeUsed: 'This sign-in was already completed: enter your e-mail and password again',
  challengeInvalid: 'This sign-in step is not valid any more: enter your e-mail and password again',
  alreadyEnabled: 'Two-factor sign-in is already on: turn it off first to set up another authenticator',
  notEnrolling: 'Start setting up two-factor sign-in first',
  notEnabled: 'Two-factor sign-in is not on for this account',
  wrongPassword: 'Your password is not right',
  enrolmentRequired:
    'Staff accounts need two-factor sign-in: set it up under Profile → Security (or the admin panel) before anything else',
  stepUpRequired: 'Confirm it is you: enter a code from your authenticator app to continue',
  /** The step-up of an account without a factor, before adding its first one: its password (confirmPassword). */
  passwordCheckRequired: 'Confirm it is you: enter your password to continue',
  /** confirmPassword of an account that has a factor: its step-up takes the factor, not the password. */
  confirmWithFactor: 'Confirm with your passkey or a code from your authenticator app instead',
  sessionRequired: 'Sign in again in the browser to confirm this action',
} as const;

export const SECOND_FACTOR_RESET_MESSAGES = {
  notYourself: 'Your own sign-in methods are changed under Profile › Security',
} as const;

/** A TOTP code as typed: six digits, spaces allowed (authenticator apps show "123 456"). */
export function normalizeTotpCode(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code as typed: letters and digits, any case, dashes and spaces ignored. */
export function normalizeRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]+/g, '').toLowerCase();
  return /^[a-z2-7]{16}$/.test(plain) ? plain : null;
}
