import type { QueryClient } from '@tanstack/react-query';
import type { useNavigate } from '@tanstack/react-router';
import { meQueryOptions, userOrdersQueryOptions } from '../../../api/user-queries';

/** Whether the browser leaves the app for `targetUrl` (anything but a path of this site). */
export const leavesApp = (targetUrl: string): boolean => !/^\/(?!\/)/.test(targetUrl);

/**
 * Spec 4: logout and profile deletion leave login enabled without a user. The cache forgets the user and their
 * orders, then the browser goes where the server said: the provider's end-session page (a page of another site),
 * or a path of this one, through the router.
 */
export async function signedOutTo(queryClient: QueryClient, navigate: ReturnType<typeof useNavigate>, targetUrl: string): Promise<void> {
  queryClient.setQueryData(meQueryOptions().queryKey, null);
  queryClient.removeQueries({ queryKey: userOrdersQueryOptions().queryKey });
  if (leavesApp(targetUrl)) window.location.assign(targetUrl);
  else await navigate({ href: targetUrl, replace: true });
}
