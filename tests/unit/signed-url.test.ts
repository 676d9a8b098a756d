import 'reflect-metadata';
import { AppConfig } from '../../server/src/app-config';
import { loadConfig } from '../../server/src/config';
import { SignedUrlService } from '../../server/src/files/signed-url.service';

const TTL = 900;
const FILE = '3f1c2a8e-5b7d-4e0a-9c61-0d2b8f4e7a15';
const OTHER_FILE = '9b0e4d27-1a3c-4f65-8e02-7c5d1b3a9f40';

function service(jwtSecret = 'a'.repeat(64)): SignedUrlService {
  return new SignedUrlService(
    new AppConfig({ ...loadConfig({ FILE_URL_TTL_SECONDS: String(TTL) }), jwtSecret, keysEncryptionKey: '' }),
  );
}

function parts(url: string): { id: string; exp: number; sig: string } {
  const parsed = new URL(url, 'http://store.test');
  return {
    id: parsed.pathname.split('/').pop()!,
    exp: Number(parsed.searchParams.get('exp')),
    sig: parsed.searchParams.get('sig')!,
  };
}

describe('signed file URLs', () => {
  const minuteStart = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('stay the same within a minute and are valid for at least the TTL', () => {
    const urls = service();
    const first = urls.sign(FILE, minuteStart + 1_000);
    expect(urls.sign(FILE, minuteStart + 59_000)).toBe(first);
    const { exp } = parts(first);
    expect(exp % 60).toBe(0);
    expect(exp).toBeGreaterThanOrEqual((minuteStart + 59_000) / 1000 + TTL);
    expect(exp).toBeLessThan((minuteStart + 1_000) / 1000 + TTL + 60);
  });

  it('move to a later expiry in the next minute, each one verifying until it expires', () => {
    const urls = service();
    const earlier = parts(urls.sign(FILE, minuteStart + 30_000));
    const later = parts(urls.sign(FILE, minuteStart + 90_000));
    expect(later.exp).toBe(earlier.exp + 60);
    expect(later.sig).not.toBe(earlier.sig);
    for (const { id, exp, sig } of [earlier, later]) {
      expect(urls.verify(id, String(exp), sig, exp * 1000)).toBe(true);
      expect(urls.verify(id, String(exp), sig, exp * 1000 + 1_000)).toBe(false);
    }
  });

  it('sign each file for itself, with the key of this secret', () => {
    const urls = service();
    const one = parts(urls.sign(FILE, minuteStart));
    const other = parts(urls.sign(OTHER_FILE, minuteStart));
    expect(other.sig).not.toBe(one.sig);
    expect(urls.verify(OTHER_FILE, String(one.exp), one.sig, minuteStart)).toBe(false);
    expect(service('b'.repeat(64)).verify(FILE, String(one.exp), one.sig, minuteStart)).toBe(false);
    expect(service().verify(FILE, String(one.exp), one.sig, minuteStart)).toBe(true);
  });
});
