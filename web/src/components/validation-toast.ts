import type { z } from 'zod';

/** The spec's title for every client-side validation failure (docs/product.md "Input rules"). */
export const VALIDATION_ERROR_TITLE = 'Validation Error';

/**
 * Validates with one of the shared zod schemas of common/validation.ts; on failure shows the first
 * message under 'Validation Error' and returns null.
 */
export function parseOrToast<S extends z.ZodType>(
  schema: S,
  values: unknown,
  toast: (toast: { title: string; description?: string; severity: 'error' }) => void,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  toast({ title: VALIDATION_ERROR_TITLE, description: parsed.error.issues[0]?.message, severity: 'error' });
  return null;
}
