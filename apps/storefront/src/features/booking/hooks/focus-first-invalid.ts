import type { Dispatch, FormEvent, RefObject, SetStateAction } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { fieldKey, type BookingErrors } from '../model/field-names';

/**
 * Spec 5: after a failed check the page goes to the first invalid field. Invalid controls carry
 * `aria-invalid="true"`, so the first one in document order is the one the visitor meets first, whatever
 * section or ticket it is in. Answers the element focused, or null when none is invalid.
 */
export function focusFirstInvalidField(root: ParentNode = document): HTMLElement | null {
  const first = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return null;
  first.scrollIntoView?.({ block: 'center' });
  first.focus({ preventScroll: true });
  return first;
}

/**
 * `const goToFirstError = useFocusFirstInvalid(formRef); setErrors(found); goToFirstError();` — the focus
 * moves after React has rendered the new errors, not before.
 */
export function useFocusFirstInvalid(rootRef: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) focusFirstInvalidField(rootRef.current ?? document);
  }, [request, rootRef]);
  return useCallback(() => setRequest((n) => n + 1), []);
}

/** The errors without the one of field `key` (the same object when it has none). */
export const withoutFieldError =
  (key: string) =>
  (errors: BookingErrors): BookingErrors =>
    key in errors ? Object.fromEntries(Object.entries(errors).filter(([name]) => name !== key)) : errors;

/**
 * A field the visitor changes drops the error it was refused with (its message, `aria-invalid`), so that a screen
 * reader does not read "invalid" on a value already mended; the next submit checks it again. For a form's `onChange`,
 * which React bubbles from every control: the control's `name` is its field name, the key of its error.
 */
export const clearFieldErrorOn =
  (setErrors: Dispatch<SetStateAction<BookingErrors>>) =>
  ({ target }: FormEvent<HTMLFormElement>): void => {
    const key = fieldKey(String((target as { name?: unknown }).name ?? ''));
    if (key) setErrors(withoutFieldError(key));
  };
