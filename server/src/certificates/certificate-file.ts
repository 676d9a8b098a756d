/**
 * Certificate and chain files as admins upload them: PEM text (one or more
 * `-----BEGIN CERTIFICATE-----` blocks), at most 1 MB, never carrying a private key (the store
 * serves these files to customers, and a private key must not travel that way).
 */
import { LIMITS, MESSAGES } from '../../../common/validation';
import { readUploadForField } from '../files/upload-reader';
import { InputError } from '../core/errors';
import type { UploadValue } from '../files/upload-value';

export const PEM_MIME = 'application/x-pem-file';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----/;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

/** Reads and checks one uploaded certificate file; errors are BAD_USER_INPUT on `field`. */
export async function readCertificateFile(upload: UploadValue, field: string): Promise<Buffer> {
  const bytes = await readUploadForField(upload, field, {
    maxBytes: LIMITS.certificateFileBytes,
    tooLarge: MESSAGES.certificateFileTooLarge,
    failed: MESSAGES.certificateUploadFailed,
  });
  const text = bytes.toString('latin1');
  if (!isText(bytes) || !PEM_CERTIFICATE.test(text)) {
    throw InputError.field(field, MESSAGES.certificateFileNotPem);
  }
  if (PRIVATE_KEY.test(text)) throw InputError.field(field, MESSAGES.certificateFileHasPrivateKey);
  return bytes;
}

/** PEM is text: control bytes other than tabs and line breaks mean a binary (e.g. DER) file. */
function isText(bytes: Buffer): boolean {
  return !bytes.some((b) => b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f);
}
