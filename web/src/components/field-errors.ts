/**
 * Errors where the eye is (issue 31): each field's message under the field, the field marked invalid for assistive
 * technology and the first one focused. One mapping for both sources of a field's message: the shared zod schemas
 * (common/validation.ts) in the browser, and the API's BAD_USER_INPUT `extensions.fieldErrors` (server/src/core/
 * errors.ts), so a refusal reads the same whichever side made it.
 *
 * MUI's TextField does the marking: given `error` it sets aria-invalid on the input, and its helperText gets the id
 * `${id}-helper-text` that the input's aria-describedby names.
 */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useCallback, useMemo, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, toFieldErrors, type FieldError } from '../../../common/validation';

/** A message per field name (the first one each field broke). */
export type FieldMessages = Record<string, string>;

/** The first message of each field, by its top-level name ('items.0.key' is 'items'). */
export function fieldMessages(errors: readonly FieldError[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const { field, message } of errors) {
    const name = field.split('.')[0] ?? field;
    if (!(name in messages)) messages[name] = message;
  }
  return messages;
}

/** A zod failure of one of the shared schemas as field messages. */
export function zodFieldMessages(error: z.ZodError): FieldMessages {
  return fieldMessages(toFieldErrors(error));
}

/** A password typed twice that differs: the message under the second field, `confirm` (the API takes it once). */
export function confirmationMessages(password: string, confirm: string): FieldMessages {
  return password === confirm ? {} : { confirm: ACCOUNT_MESSAGES.passwordsDiffer };
}

/**
 * The API's refusal as field messages: BAD_USER_INPUT's `fieldErrors` (or a lone `extensions.field`); empty for any
 * other failure, which keeps its toast.
 */
export function serverFieldMessages(error: unknown): FieldMessages {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const first = error.errors[0];
  if (first?.extensions?.code !== 'BAD_USER_INPUT') return {};
  const list = first.extensions.fieldErrors;
  if (Array.isArray(list)) return fieldMessages(list as FieldError[]);
  const field = first.extensions.field;
  return typeof field === 'string' ? { [field]: first.message } : {};
}

/**
 * Focuses the first field, in the form's order (`ids`: field name to its input's id), that has a message. Returns
 * whether one was focused.
 */
export function focusFirstError(messages: FieldMessages, ids: Readonly<Record<string, string>>): boolean {
  for (const [field, id] of Object.entries(ids)) {
    if (!messages[field]) continue;
    const element = document.getElementById(id);
    if (!element) continue;
    element.focus();
    return true;
  }
  return false;
}

/** TextField props of a field: marked invalid with its message under it, else its hint (if any). */
export function errorProps(message: string | undefined, hint?: string): { error: boolean; helperText?: string } {
  return message ? { error: true, helperText: message } : { error: false, helperText: hint };
}

/**
 * The field messages of a form that is not a react-hook-form one: `show` puts them under their fields and focuses the
 * first (in the order of `ids`), `clear` takes one away as its field is edited, `props` gives a TextField its part.
 */
export function useFieldErrors<F extends string>(ids: Readonly<Record<F, string>>) {
  const [messages, setMessages] = useState<FieldMessages>({});
  const show = useCallback(
    (next: FieldMessages) => {
      setMessages(next);
      // The inputs are there already (only their markings change), so the focus need not wait for the render.
      focusFirstError(next, ids);
    },
    [ids],
  );
  const clear = useCallback(
    (field: F) =>
      setMessages((current) => {
        if (!current[field]) return current;
        const rest = { ...current };
        delete rest[field];
        return rest;
      }),
    [],
  );
  return useMemo(
    () => ({
      messages,
      show,
      clear,
      props: (field: F, hint?: string) => errorProps(messages[field], hint),
    }),
    [messages, show, clear],
  );
}

/**
 * For a react-hook-form form: the API's field messages set on the form's fields (`fields`, in the form's order), the
 * first one focused. Returns whether any was set (else the caller's toast says it all).
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  const messages = serverFieldMessages(error);
  let first = true;
  for (const field of fields) {
    const message = messages[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
