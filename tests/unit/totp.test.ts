/**
 * TOTP through otplib (server/src/accounts/totp.ts) against RFC 6238 Appendix B's published SHA-1 vectors, and the
 * rules the server adds: one step either side, and a step once used refused.
 */
import { KeyEncodings } from '@otplib/core';
import { totp } from 'otplib';
import { normalizeRecoveryCode, normalizeTotpCode } from '../../common/two-factor';
import { newTotpSecret, totpCode, totpUrl, verifyTotp } from '../../server/src/accounts/totp';

// RFC 6238 Appendix B: the ASCII seed "12345678901234567890", SHA-1, 8 digits, 30-second steps.
const RFC_SEED = '12345678901234567890';
const RFC_SHA1_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_SHA1_VECTORS)('gives the RFC 6238 SHA-1 code at T=%d', (epoch, code) => {
    const rfc = totp.clone({ digits: 8, step: 30, epoch: epoch * 1000, encoding: KeyEncodings.ASCII });
    expect(rfc.generate(RFC_SEED)).toBe(code);
  });

  it('accepts the code of this step and one either side, nothing further, and answers its step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015; // 15 s into step 60000000
    expect(verifyTotp(secret, totpCode(secret, now), null, now)).toBe(60_000_000);
    expect(verifyTotp(secret, totpCode(secret, now - 30), null, now)).toBe(59_999_999);
    expect(verifyTotp(secret, totpCode(secret, now + 30), null, now)).toBe(60_000_001);
    expect(verifyTotp(secret, totpCode(secret, now - 60), null, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 60), null, now)).toBeNull();
    // A fixed secret at a fixed moment: its neighbouring steps' codes are known not to be this one.
    expect(verifyTotp('JBSWY3DPEHPK3PXP', '000000', null, now)).toBeNull();
    expect([-30, 0, 30].map((d) => totpCode('JBSWY3DPEHPK3PXP', now + d))).not.toContain('000000');
  });

  it('refuses a code of a step already used, and of an earlier one', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015;
    const step = verifyTotp(secret, totpCode(secret, now), null, now);
    expect(verifyTotp(secret, totpCode(secret, now), step, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now - 30), step, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 30), step, now)).toBe(60_000_001);
  });

  it('writes an otpauth URL an authenticator app reads', () => {
    const url = new URL(totpUrl('My Shop', 'staff@example.com', 'JBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('My Shop');
  });

  it('reads codes as people type them', () => {
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
    expect(normalizeTotpCode('12345')).toBeNull();
    expect(normalizeRecoveryCode('ABCD-EFGH-2345-67AB')).toBe('abcdefgh234567ab');
    expect(normalizeRecoveryCode('abcd-efgh')).toBeNull();
  });
});
