/** An uploaded list of licence keys (.txt or .csv, one key per line), read as UTF-8 text. */
import { LIMITS } from '../../../common/validation';
import { InputError } from '../core/errors';
import { discardUpload, readUploadForField } from '../files/upload-reader';
import type { UploadValue } from '../files/upload-value';

export const KEY_FILE_MESSAGES = {
  wrongType: 'Upload a .txt or .csv file with one key per line',
  tooLarge: `The key file must be at most ${LIMITS.keyFileBytes / (1024 * 1024)} MB: split it into several imports`,
  failed: 'The key file could not be read. Please try again.',
  notText: 'The key file is not UTF-8 text: save it as plain text (.txt or .csv) and try again',
  both: 'Give the keys as a list or as a file, not both',
} as const;

/** The text of an uploaded key file; refuses other file types, other encodings and binary content. */
export async function readKeyFile(upload: UploadValue): Promise<string> {
  const { filename } = await upload.file.catch(() => ({ filename: '' }));
  if (!/\.(txt|csv)$/i.test(filename)) {
    discardUpload(upload);
    throw InputError.field('file', KEY_FILE_MESSAGES.wrongType);
  }
  const bytes = await readUploadForField(upload, 'file', {
    maxBytes: LIMITS.keyFileBytes,
    tooLarge: KEY_FILE_MESSAGES.tooLarge,
    failed: KEY_FILE_MESSAGES.failed,
  });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw InputError.field('file', KEY_FILE_MESSAGES.notText);
  }
  // A NUL byte is a binary file (a spreadsheet saved as .csv), not a list of keys.
  if (text.includes('\u0000')) throw InputError.field('file', KEY_FILE_MESSAGES.notText);
  // A byte-order mark some editors write is not part of the first key.
  return text.replace(/^\uFEFF/, '');
}
