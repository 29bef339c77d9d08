import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/components/home-page';

export const Route = createFileRoute('/o/$organizerSlug/')({
  component: OrganizerHome,
});

function OrganizerHome() {
  const { organizerSlug } = Route.useParams();
  return <HomePage organizerSlug={organizerSlug} />;
}
