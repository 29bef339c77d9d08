import { createFileRoute } from '@tanstack/react-router';
import { loadAccountPage } from '../features/account/account-loader';
import { AccountPage } from '../features/account/components/account-page';

/**
 * A signed-in user's pages (spec 2, route table: my-orders, my-profile; home for anybody else, and for any other
 * address of one segment, as for an address that matches no route). One route for both, as the reservation pages of
 * a pass are: each route's configuration is in the entry every visitor loads, and the event page has no room left.
 */
export const Route = createFileRoute('/$accountPage')({
  loader: ({ context, params }) => loadAccountPage(context.queryClient, params.accountPage),
  component: function Account() {
    return <AccountPage page={Route.useParams().accountPage} />;
  },
});
