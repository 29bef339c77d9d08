import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { useCallback } from 'react';
import { fieldKey, type BookingErrors } from '../model/field-names';

/**
 * A field the visitor changes drops the error it was refused with (its message, `aria-invalid`), so that a screen
 * reader does not read "invalid" on a value already mended; the next submit checks it again. For a form's `onChange`,
 * which React bubbles from every control: the control's `name` is its field name, the key of its error.
 */
export function useClearFieldError(setErrors: Dispatch<SetStateAction<BookingErrors>>): (event: FormEvent<HTMLFormElement>) => void {
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const name = (event.target as { name?: unknown }).name;
      if (typeof name !== 'string' || name === '') return;
      const key = fieldKey(name);
      setErrors((errors) => {
        if (!(key in errors)) return errors;
        const rest: Record<string, BookingErrors[string]> = { ...errors };
        delete rest[key];
        return rest;
      });
    },
    [setErrors],
  );
}
