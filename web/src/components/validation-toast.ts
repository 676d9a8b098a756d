import type { z } from 'zod';
import { zodFieldMessages, type FieldMessages } from './field-errors';

import { VALIDATION_ERROR_TITLE } from './validation-title';

export { VALIDATION_ERROR_TITLE };

/** Where a form puts its field messages (components/field-errors.ts `useFieldErrors().show`). */
export type ReportFieldErrors = (messages: FieldMessages) => void;

/**
 * Validates with one of the shared zod schemas of common/validation.ts; on failure shows the first message under
 * 'Validation Error' (the spec's summary), hands every field's message to `report` (shown under the fields, the first
 * one focused) and returns null.
 */
export function parseOrToast<S extends z.ZodType>(
  schema: S,
  values: unknown,
  toast: (toast: { title: string; description?: string; severity: 'error' }) => void,
  report?: ReportFieldErrors,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) {
    report?.({});
    return parsed.data;
  }
  report?.(zodFieldMessages(parsed.error));
  toast({ title: VALIDATION_ERROR_TITLE, description: parsed.error.issues[0]?.message, severity: 'error' });
  return null;
}
