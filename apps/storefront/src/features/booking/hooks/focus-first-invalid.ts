import type { RefObject } from 'react';
import { useCallback, useEffect, useState } from 'react';

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
