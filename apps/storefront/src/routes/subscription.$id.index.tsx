import { createFileRoute } from '@tanstack/react-router';
import { loadSubscription } from '../features/subscription-page/subscription-loaders';
import { SubscriptionPage } from '../features/subscription-page/components/subscription-page';

export const Route = createFileRoute('/subscription/$id/')({
  loader: ({ context, params }) => loadSubscription(context.queryClient, params.id),
  component: Subscription,
});

function Subscription() {
  return <SubscriptionPage id={Route.useParams().id} />;
}
