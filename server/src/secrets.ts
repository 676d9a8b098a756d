import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export interface Secrets {
  jwtSecret: string;
  /** 32 bytes, base64: the AES-256-GCM key of the licence keys in stock (docs/inventory.md). */
  keysEncryptionKey: string;
}

/**
 * The secrets from the environment when set; otherwise (development only: config.ts refuses production without
 * them) random ones generated once into DATA_DIR, so sessions survive restarts and stored keys stay readable.
 */
export function resolveSecrets(config: Config): Secrets {
  return {
    jwtSecret: config.jwtSecret ?? generatedOnce(config, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    keysEncryptionKey:
      config.keysEncryptionKey ??
      generatedOnce(config, 'keys-encryption-key', () => randomBytes(32).toString('base64')),
  };
}

function generatedOnce(config: Config, name: string, generate: () => string): string {
  const file = path.join(config.dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = generate();
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
