import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { AppConfig } from '../app-config';
import { Service } from '../container';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Licence keys at rest (docs/inventory.md "Keys at rest"): AES-256-GCM under KEYS_ENCRYPTION_KEY, stored as
 * iv ‖ tag ‖ ciphertext, and a keyed fingerprint (HMAC-SHA256) that finds duplicates without decrypting anything.
 * Both keys are derived from KEYS_ENCRYPTION_KEY (HKDF-SHA256), so one secret is kept and neither use weakens the
 * other.
 */
@Service()
export class KeyCipher {
  private readonly encryptionKey: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(config: AppConfig) {
    const master = Buffer.from(config.keysEncryptionKey, 'base64');
    this.encryptionKey = derive(master, 'licence-key-encryption');
    this.fingerprintKey = derive(master, 'licence-key-fingerprint');
  }

  /** A cipher outside the container (the demo seed, before the services exist). */
  static fromSecret(keysEncryptionKey: string): KeyCipher {
    // The constructor reads this one setting only.
    return new KeyCipher({ keysEncryptionKey } as AppConfig);
  }

  encrypt(plain: string, iv: Buffer = randomBytes(IV_BYTES)): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** `encrypt` for many keys: their random IVs drawn in one call, which costs less than one call per key. */
  encryptMany(plains: readonly string[]): Buffer[] {
    const ivs = randomBytes(IV_BYTES * plains.length);
    return plains.map((plain, index) => this.encrypt(plain, ivs.subarray(index * IV_BYTES, (index + 1) * IV_BYTES)));
  }

  /** Throws when the bytes were not written under this key or were altered (GCM's tag). */
  decrypt(stored: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, stored.subarray(0, IV_BYTES));
    decipher.setAuthTag(stored.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** The same key always gives the same fingerprint (under the same KEYS_ENCRYPTION_KEY). */
  fingerprint(plain: string): Buffer {
    return createHmac('sha256', this.fingerprintKey).update(plain, 'utf8').digest();
  }
}

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));
}
