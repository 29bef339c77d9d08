import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';

/** The animation booking.css starts on `:-webkit-autofill`, so an autofill is seen even without an input event. */
export const AUTOFILL_ANIMATION = 'booking-autofill-start';

/**
 * Spec 2: browser autofill changes of the contact fields are taken. A fill that fires `change` reaches React's
 * onChange; some browsers fire nothing but the autofill styling, so the element is also read on the autofill
 * animation and once on mount, and any value the form does not hold yet is reported.
 */
export function useAutofillSync(ref: RefObject<HTMLInputElement | null>, value: string, onValue: (value: string) => void) {
  const latest = useRef({ value, onValue });
  latest.current = { value, onValue };
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const sync = () => {
      if (element.value !== latest.current.value) latest.current.onValue(element.value);
    };
    const onAnimation = (event: Event) => {
      if ((event as AnimationEvent).animationName === AUTOFILL_ANIMATION) sync();
    };
    sync();
    element.addEventListener('animationstart', onAnimation);
    return () => element.removeEventListener('animationstart', onAnimation);
  }, [ref]);
}
