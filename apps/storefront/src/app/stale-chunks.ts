const RELOADED = 'chunk-reload';

/**
 * For Vite's `vite:preloadError` (a dynamic import failed): after a deploy the chunks this page's build names are
 * gone, and a reload fetches the new page with its own, as Vite's docs advise. Once per tab session, so a chunk that
 * still fails after the reload (an outage, not a deploy) does not reload the page over and over; the failure is then
 * left to the page (a lazy part shows its fallback, a route its error notice). The event is not cancelled, so the
 * import still rejects and the page handles it until the reload happens. A reload loses what was picked or typed
 * and not sent yet: the booking step's parts load as it shows or at the first focus, before anything is typed, but
 * a challenge modal whose chunk is gone costs the event page's picks.
 */
export function reloadOnceForNewChunks(): void {
  try {
    if (sessionStorage.getItem(RELOADED)) return;
    sessionStorage.setItem(RELOADED, '1');
  } catch {
    return; // storage disabled: nothing guards against a loop, so no reload
  }
  location.reload();
}
