/**
 * Reading a payment proof from a multipart upload (docs/architecture.md "Files"): at most 5 MB, and an image only if
 * its bytes say so (JPEG/PNG/WebP/GIF magic bytes). The client's file name and MIME type are ignored.
 */
import { LIMITS, MESSAGES } from '../../../common/validation';
import { detectImageType, IMAGE_EXTENSIONS, type ImageMime } from '../files/image-type';
import { readUploadForField } from '../files/upload-reader';
import { InputError } from '../core/errors';
import type { UploadValue } from '../graphql/scalars/upload';

export interface PaymentProof {
  bytes: Buffer;
  mime: ImageMime;
  /** File name extension for the detected type, e.g. 'png'. */
  extension: string;
}

const PROOF_FIELD = 'proof';

/**
 * Reads the whole proof, refusing it as soon as it passes LIMITS.proofBytes (the multipart parser
 * stops just past the same limit; this cap holds even if that one is raised), then checks the magic
 * bytes. Every refusal is BAD_USER_INPUT on the field `proof` with the proof's message.
 */
export async function readPaymentProof(upload: UploadValue): Promise<PaymentProof> {
  const bytes = await readUploadForField(upload, PROOF_FIELD, {
    maxBytes: LIMITS.proofBytes,
    tooLarge: MESSAGES.proofTooLarge,
    failed: MESSAGES.uploadFailed,
  });
  const mime = detectImageType(bytes);
  if (!mime) throw InputError.field(PROOF_FIELD, MESSAGES.proofNotImage);
  return { bytes, mime, extension: IMAGE_EXTENSIONS[mime] };
}
