import type { AnyRouter } from '@tanstack/react-router';

/** Google's tag script; the server's page may name another (`<meta name="analytics-script">`: a stand-in in tests). */
export const DEFAULT_GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
/** The tab's own analytics id in anonymous mode (session storage: gone with the tab, never a cookie). */
export const TAB_CLIENT_ID_KEY = 'alfio-analytics-client-id';

export interface AnalyticsSettings {
  readonly googleAnalyticsKey: string | null;
  readonly googleAnalyticsScrambledInfo: boolean;
  readonly clientId: string | null;
}

type Gtag = (...command: unknown[]) => void;

/**
 * A page's path as analytics sees it: the segments that are someone's (a reservation's, ticket's or pass's uuid, a
 * check-in hash) as `:id`, since whoever has such an address opens that order or ticket (and a ticket's page shows
 * its poll PIN). Event and organizer names (slugs, however long) and page names stay.
 */
export const anonymousPath = (pathname: string): string =>
  pathname
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) || /^[0-9a-f]{16,}$/i.test(segment) ? ':id' : segment))
    .join('/');

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}


function tabClientId(storage: Storage): string {
  try {
    const kept = storage.getItem(TAB_CLIENT_ID_KEY);
    if (kept) return kept;
    const id = crypto.randomUUID();
    storage.setItem(TAB_CLIENT_ID_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID(); // storage refused: an id for this page only
  }
}

/**
 * Google Analytics 4 where the platform names a measurement id (reference AnalyticsConfiguration). Every consent
 * is denied by default (spec 9): gtag.js then sets no cookie and sends cookieless pings only. Anonymous mode
 * (`googleAnalyticsScrambledInfo`) also keeps the client's address out and gives Google no lasting id: the tab's
 * own random one (or the one the server names). Page views are counted by hand, once per page (a change of the
 * query alone, such as the language, is not a new page), with the address stripped of its query.
 */
export function startAnalytics(router: AnyRouter, settings: AnalyticsSettings, doc: Document = document, storage: Storage = sessionStorage): boolean {
  const key = settings.googleAnalyticsKey;
  if (!key) return false;
  const view = doc.defaultView ?? window;
  const dataLayer = (view.dataLayer ??= []);
  // Google's snippet verbatim in behaviour: gtag.js reads each command as an `arguments` object, not an array.
  const gtag: Gtag = function () {
    // eslint-disable-next-line prefer-rest-params -- gtag.js tells commands from data by this very object
    dataLayer.push(arguments);
  };
  view.gtag = gtag;
  gtag('consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' });
  gtag('js', new Date());
  const anonymous = settings.googleAnalyticsScrambledInfo ? { anonymize_ip: true, client_storage: 'none', client_id: settings.clientId ?? tabClientId(storage) } : {};
  gtag('config', key, { send_page_view: false, ...anonymous });
  // the page's address without query and fragment (codes, tokens and searches stay out) and without ids, as the
  // router has it
  const pageView = () => gtag('event', 'page_view', { page_location: `${view.location.origin}${anonymousPath(router.state.location.pathname)}`, page_title: doc.title });
  pageView();
  // after the new page rendered and set its title (useDocumentTitle runs in an effect); the first page's own render
  // (no location before it: it may come after this starts) was counted above
  router.subscribe('onRendered', (event) => {
    if (event.fromLocation && event.pathChanged) view.requestAnimationFrame(pageView);
  });
  const script = doc.createElement('script');
  const named = doc.querySelector<HTMLMetaElement>('meta[name="analytics-script"]')?.content.trim();
  const url = new URL(named || DEFAULT_GTAG_SCRIPT_URL, view.location.href);
  url.searchParams.set('id', key);
  script.src = url.toString();
  script.async = true;
  doc.head.append(script);
  return true;
}
