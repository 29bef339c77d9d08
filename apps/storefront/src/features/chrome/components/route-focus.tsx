import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { MAIN_CONTENT_ID } from './skip-link';

/** How long (animation frames) a new page may take to show its heading after the router rendered it. */
const MAX_FRAMES = 120;

/** The new page's main heading, else the main landmark itself (focusable through its tabindex="-1"). */
function focusTarget(previous: Element | null): HTMLElement | null {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading && heading !== previous) return heading;
  return null;
}

/** The new page put the focus nowhere itself: it is on the body, or still on what led there (a link of the top bar). */
function focusIsFree(trigger: Element | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement || active === trigger || !active.isConnected;
}

/**
 * WCAG 2.4.3 / 4.1.3 on a single-page app: after a navigation to another path (not the first load, nor a change of
 * the query alone, such as the language) the focus moves to the new page's main heading, made focusable for it
 * (tabindex="-1"; the main landmark when the page has none), and its text is said in a polite live region, as a
 * screen reader would say a new page. A page that put the focus somewhere itself (a field with an error, a dialog)
 * keeps it.
 */
export function RouteFocus() {
  const router = useRouter();
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    let previous: Element | null = null;
    let trigger: Element | null = null;
    let frame = 0;
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.pathChanged) return;
      previous = document.getElementById(MAIN_CONTENT_ID)?.querySelector('h1') ?? null;
      trigger = document.activeElement;
    });
    const offRendered = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      cancelAnimationFrame(frame);
      let frames = 0;
      const settle = () => {
        const target = focusTarget(previous);
        if (!target && ++frames < MAX_FRAMES) {
          frame = requestAnimationFrame(settle);
          return;
        }
        if (!focusIsFree(trigger)) return;
        const element = target ?? document.getElementById(MAIN_CONTENT_ID);
        if (!element) return;
        if (element !== document.getElementById(MAIN_CONTENT_ID) && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
        element.focus();
        setAnnounced((element.textContent ?? document.title).trim() || document.title);
      };
      frame = requestAnimationFrame(settle);
    });
    return () => {
      offBefore();
      offRendered();
      cancelAnimationFrame(frame);
    };
  }, [router]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announced}
    </p>
  );
}
