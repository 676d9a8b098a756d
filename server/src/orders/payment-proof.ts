/**
 * Reading a payment proof from a multipart upload (docs/architecture.md "Files"): at most 5 MB, and an image only if
 * its bytes say so (JPEG/PNG/WebP/GIF magic bytes). The client's file name and MIME type are ignored.
 */
import { LIMITS, MESSAGES } from '../../../common/validation';
import { readImageUpload, type ImageUpload } from '../files/image-upload';
import type { UploadValue } from '../files/upload-value';

export type PaymentProof = ImageUpload;

/** Every refusal is BAD_USER_INPUT on the field `proof` with the proof's message (files/image-upload.ts). */
export function readPaymentProof(upload: UploadValue): Promise<PaymentProof> {
  return readImageUpload(upload, {
    field: 'proof',
    maxBytes: LIMITS.proofBytes,
    messages: { notImage: MESSAGES.proofNotImage, tooLarge: MESSAGES.proofTooLarge, failed: MESSAGES.uploadFailed },
  });
}
