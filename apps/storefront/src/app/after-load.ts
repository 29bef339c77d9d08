import type { AnyRouter } from '@tanstack/react-router';
import { infoQueryOptions } from '../api/app-queries';
import { installRouteFocus } from '../features/chrome/route-focus';
import type { RouterContext } from './router';

/**
 * What the app needs once its first page is on screen, loaded then (main.tsx, on `load`) rather than in the entry
 * every page waits for: the focus on each next page's heading, and analytics where the platform configures it
 * (its own chunk and Google's script only then).
 */
export function afterFirstLoad(router: AnyRouter): void {
  installRouteFocus(router);
  const { queryClient } = router.options.context as RouterContext;
  void queryClient
    .ensureQueryData(infoQueryOptions())
    .then(async ({ data: { analyticsConfiguration } }) => {
      if (analyticsConfiguration.googleAnalyticsKey) (await import('../features/analytics/analytics')).startAnalytics(router, analyticsConfiguration);
    })
    .catch(() => undefined); // no info, no analytics: the page works the same
}
