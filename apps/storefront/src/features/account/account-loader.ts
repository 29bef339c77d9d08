import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { authenticationEnabledQueryOptions, meQueryOptions, userOrdersQueryOptions } from '../../api/user-queries';

/** The signed-in user's pages (spec 2, route table), by the last segment of their address. */
export const ACCOUNT_PAGES = ['my-orders', 'my-profile'] as const;
export type AccountPageName = (typeof ACCOUNT_PAGES)[number];

export const isAccountPage = (page: string): page is AccountPageName => (ACCOUNT_PAGES as readonly string[]).includes(page);

/**
 * Spec 2, route table: my orders and my profile are for signed-in users only; with authentication off, or nobody
 * signed in (or no answer), home instead, replacing the address. Any other page name is an address of no page: home.
 */
export async function loadAccountPage(queryClient: QueryClient, page: string): Promise<void> {
  if (!isAccountPage(page)) throw redirect({ to: '/', replace: true });
  const enabled = await queryClient.ensureQueryData(authenticationEnabledQueryOptions()).catch(() => false);
  const user = enabled ? await queryClient.ensureQueryData(meQueryOptions()).catch(() => null) : null;
  if (!user) throw redirect({ to: '/', replace: true });
  if (page === 'my-orders') await queryClient.ensureQueryData(userOrdersQueryOptions());
}
