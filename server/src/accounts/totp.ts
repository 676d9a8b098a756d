/**
 * TOTP (RFC 6238) through otplib's authenticator: SHA-1, six digits, 30-second steps and a base32 secret, the settings
 * every authenticator app reads from an otpauth:// URL. Nothing here computes an HMAC itself. (otplib 12: version 13
 * loads ESM-only dependencies that the jest run cannot require.)
 */
import { authenticator } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;

function at(epochSeconds: number) {
  // otplib's epoch is in milliseconds; window 1: one step either side.
  return authenticator.clone({ step: TOTP_PERIOD_SECONDS, window: 1, epoch: epochSeconds * 1000 });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A new base32 secret of 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

/** The otpauth:// URL an authenticator app scans. */
export function totpUrl(issuer: string, label: string, secret: string): string {
  return authenticator.keyuri(label, issuer, secret);
}

/** The code at a moment (tests and the demo generate codes: the server only verifies them). */
export function totpCode(secret: string, epochSeconds = nowSeconds()): string {
  return at(epochSeconds).generate(secret);
}

/**
 * The RFC 6238 time step the code belongs to, or null. One step either side is accepted (a clock off by up to 30
 * seconds, a code typed as it changed); `afterStep` refuses codes of that step or earlier, so a code is taken once.
 */
export function verifyTotp(
  secret: string,
  code: string,
  afterStep: number | null,
  epochSeconds = nowSeconds(),
): number | null {
  const delta = at(epochSeconds).checkDelta(code, secret);
  if (delta === null) return null;
  const step = Math.floor(epochSeconds / TOTP_PERIOD_SECONDS) + delta;
  return afterStep !== null && step <= afterStep ? null : step;
}
