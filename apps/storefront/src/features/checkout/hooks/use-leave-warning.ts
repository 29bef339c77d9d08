import { useEffect } from 'react';

let leaving = false;

/** Sends the browser to a provider's page on purpose: the leave warning stays quiet for it. */
export function leaveFor(url: string): void {
  leaving = true;
  window.location.assign(url);
}

/**
 * Spec 4: while a payment is being submitted, reloading or closing the page asks first (the browser's own
 * dialog: it shows no text of ours). Leaving for the provider's page (leaveFor) is not asked about.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    leaving = false;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving) return;
      event.preventDefault();
      // Chrome before 119 and Safari still ask for returnValue to be set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
