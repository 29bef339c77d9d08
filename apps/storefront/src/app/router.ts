import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { routeTree } from '../routeTree.gen';

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
    // The query cache decides freshness; the router should not hold its own stale copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
