import type { AnyRouter } from '@tanstack/react-router';

/** How long (animation frames) a new page may take to show its heading after the router rendered it. */
const MAX_FRAMES = 120;

/**
 * WCAG 2.4.3 / 4.1.3 on a single-page app: after a navigation to another path (not a change of the query alone,
 * such as the language) the focus moves to the new page's main heading, made focusable for it (tabindex="-1"; the
 * main landmark when the page has none), and its text is said in a polite live region, as a screen reader says a new
 * page. A page that put the focus somewhere itself (a field with an error, a dialog) keeps it: the focus moves only
 * from the body, from an element the old page took with it, or from the top bar (its home link).
 *
 * Not a component: main.tsx installs it once the first page is on screen and the browser idle (its chunk is not in
 * the entry every page waits for); the live region is in the page from then on, before any navigation it announces.
 */
export function installRouteFocus(router: AnyRouter): void {
  const region = document.createElement('p');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  document.body.append(region);
  let frame = 0;
  // The old page's heading: a new page whose content is still on its way can leave it on screen a few frames more.
  let previous: Element | null = null;
  router.subscribe('onBeforeNavigate', (event) => {
    if (event.pathChanged) previous = document.querySelector('main h1');
  });
  router.subscribe('onRendered', (event) => {
    if (!event.fromLocation || !event.pathChanged) return;
    cancelAnimationFrame(frame);
    let frames = 0;
    const settle = () => {
      const main = document.querySelector<HTMLElement>('main');
      const found = main?.querySelector<HTMLElement>('h1');
      const heading = found === previous ? null : found;
      if (!heading && ++frames < MAX_FRAMES) {
        frame = requestAnimationFrame(settle);
        return;
      }
      const active = document.activeElement;
      const free = !active || active === document.body || !active.isConnected || active.closest('.site-header') !== null;
      const target = heading ?? main;
      if (!free || !target) return;
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      target.focus();
      region.textContent = target.textContent?.trim() || document.title;
    };
    frame = requestAnimationFrame(settle);
  });
}
