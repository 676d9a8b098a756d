/**
 * Reading an image from a multipart upload (docs/architecture.md "Files"): at most `maxBytes`, and an image only if its
 * bytes say so (JPEG/PNG/WebP/GIF magic bytes). The client's file name and MIME type are ignored. Payment proofs and
 * product images both come through here, each with its own field and messages.
 */
import { InputError } from '../core/errors';
import { detectImageType, IMAGE_EXTENSIONS, type ImageMime } from './image-type';
import { readUploadForField } from './upload-reader';
import type { UploadValue } from './upload-value';

export interface ImageUpload {
  bytes: Buffer;
  mime: ImageMime;
  /** File name extension for the detected type, e.g. 'png'. */
  extension: string;
}

export interface ImageUploadRules {
  /** The input field refusals are reported on. */
  field: string;
  maxBytes: number;
  messages: { notImage: string; tooLarge: string; failed: string };
}

/**
 * Reads the whole image, refusing it as soon as it passes `maxBytes` (the multipart parser stops just past the same
 * limit; this cap holds even if that one is raised), then checks the magic bytes. Every refusal is BAD_USER_INPUT on
 * `rules.field` with the matching message.
 */
export async function readImageUpload(upload: UploadValue, rules: ImageUploadRules): Promise<ImageUpload> {
  const bytes = await readUploadForField(upload, rules.field, {
    maxBytes: rules.maxBytes,
    tooLarge: rules.messages.tooLarge,
    failed: rules.messages.failed,
  });
  const mime = detectImageType(bytes);
  if (!mime) throw InputError.field(rules.field, rules.messages.notImage);
  return { bytes, mime, extension: IMAGE_EXTENSIONS[mime] };
}
