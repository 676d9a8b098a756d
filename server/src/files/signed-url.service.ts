/**
 * Signed, expiring URLs for private files (payment proofs, certificate files, product downloads) and for an order's
 * licence keys as a text file. The signature is an HMAC of the subject (file id) and expiry with a key derived from the JWT secret; whoever may see the field that
 * carries the URL may download the file until it expires.
 *
 * Expiry is rounded up to a whole minute, so a file's URL stays the same for a minute: the browser's
 * cache (`Cache-Control: private, max-age=300`) keeps serving the image while a live list re-renders,
 * and one signature serves every order of a page signed in that minute.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../app-config';
import { Service } from '../container';

/** Expiries are multiples of this many seconds; a URL is valid for FILE_URL_TTL_SECONDS plus up to this. */
const EXPIRY_STEP_SECONDS = 60;
/** Signatures remembered for the current expiry; beyond this many, signing starts a new memo. */
const MEMO_LIMIT = 10_000;

@Service()
export class SignedUrlService {
  private readonly key: Buffer;
  private memo = { exp: 0, signatures: new Map<string, string>() };

  constructor(private readonly config: AppConfig) {
    this.key = createHmac('sha256', config.jwtSecret).update('signed-file-urls').digest();
  }

  /** A path like /files/<id>?exp=<unix seconds>&sig=<hex>, valid for at least FILE_URL_TTL_SECONDS. */
  sign(fileId: string, now = Date.now()): string {
    return `/files/${fileId}?${this.query(fileId, now)}`;
  }

  /**
   * The download of order `orderId`'s licence keys as one text file: /order-keys/<id>.txt?exp&sig. Its subject is
   * not a file id, so a file's signature never opens an order's keys, nor the other way round.
   */
  signKeysFile(orderId: string, now = Date.now()): string {
    return `/order-keys/${orderId}.txt?${this.query(keysFileSubject(orderId), now)}`;
  }

  private query(subject: string, now: number): string {
    const earliest = Math.floor(now / 1000) + this.config.fileUrlTtlSeconds;
    const exp = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    if (this.memo.exp !== exp || this.memo.signatures.size >= MEMO_LIMIT) {
      this.memo = { exp, signatures: new Map() };
    }
    let sig = this.memo.signatures.get(subject);
    if (sig === undefined) {
      sig = this.signature(subject, exp);
      this.memo.signatures.set(subject, sig);
    }
    return `exp=${exp}&sig=${sig}`;
  }

  /** Is `sig` a valid, unexpired signature of `subject` (a file id, or `keysFileSubject(orderId)`)? */
  verify(subject: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d+$/.test(exp)) return false;
    if (Number(exp) < Math.floor(now / 1000)) return false;
    const expected = Buffer.from(this.signature(subject, Number(exp)), 'hex');
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(subject: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${subject}.${exp}`).digest('hex');
  }
}

/** What a keys-file URL signs: never a valid file id (a uuid), so the two kinds of link stay apart. */
export function keysFileSubject(orderId: string): string {
  return `order-keys:${orderId}`;
}
