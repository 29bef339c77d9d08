import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { ErrorNotice } from '../features/chrome';
import { routeTree } from '../routeTree.gen';
import { parseSearch, stringifySearch } from './search-serialization';

export interface RouterContext {
  readonly queryClient: QueryClient;
  /** The jotai store of the app, so route guards can set client state (the language) before rendering. */
  readonly store: ReturnType<typeof createStore>;
}

export function createAppRouter(context: RouterContext, options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    context,
    ...options,
    defaultPreload: 'intent',
    parseSearch,
    stringifySearch,
    // The query cache decides freshness; the router should not hold its own stale copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A page whose data failed to load says so inside the chrome (a 404 event or subscription goes home instead).
    defaultErrorComponent: ErrorNotice,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface HistoryState {
    /** A ticket's poll PIN, handed by its page to the poll area's (never in the address: it lets one vote). */
    pollPin?: string;
  }
}
