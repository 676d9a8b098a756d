import type { z } from 'zod';
import { zodFieldMessages, type FieldMessages } from './field-errors';

import { VALIDATION_ERROR_TITLE } from './validation-title';

export { VALIDATION_ERROR_TITLE };

/** Where a form puts its field messages (components/field-errors.ts `useFieldErrors().show`). */
export type ReportFieldErrors = (messages: FieldMessages) => void;

/**
 * Validates with one of the shared zod schemas of common/validation.ts; on failure shows the first message under
 * 'Validation Error' (the spec's summary), hands every field's message to `report` (shown under the fields, the first
 * one focused) and returns null. `more` adds the messages of checks the schema cannot make, as a password typed twice
 * that differs (the API takes it once); a field keeps the schema's message when both have one.
 */
export function parseOrToast<S extends z.ZodType>(
  schema: S,
  values: unknown,
  toast: (toast: { title: string; description?: string; severity: 'error' }) => void,
  report?: ReportFieldErrors,
  more: FieldMessages = {},
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  const extra = Object.values(more);
  if (parsed.success && extra.length === 0) {
    report?.({});
    return parsed.data;
  }
  report?.(parsed.success ? more : { ...more, ...zodFieldMessages(parsed.error) });
  const description = parsed.success ? extra[0] : parsed.error.issues[0]?.message;
  toast({ title: VALIDATION_ERROR_TITLE, description, severity: 'error' });
  return null;
}
