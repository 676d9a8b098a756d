/**
 * Signed, expiring URLs for private files (payment proofs, certificate files). The signature is an
 * HMAC of file id and expiry with a key derived from the JWT secret; whoever may see the field that
 * carries the URL may download the file until it expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../app-config';
import { Service } from '../container';

@Service()
export class SignedUrlService {
  private readonly key: Buffer;

  constructor(private readonly config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('signed-file-urls').digest();
  }

  /** A path like /files/<id>?exp=<unix seconds>&sig=<hex>, valid for FILE_URL_TTL_SECONDS. */
  sign(fileId: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + this.config.fileUrlTtlSeconds;
    return `/files/${fileId}?exp=${exp}&sig=${this.signature(fileId, exp)}`;
  }

  verify(fileId: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(exp)) return false;
    if (Number(exp) < Math.floor(now / 1000)) return false;
    const expected = Buffer.from(this.signature(fileId, Number(exp)), 'hex');
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(fileId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${fileId}.${exp}`).digest('hex');
  }
}
