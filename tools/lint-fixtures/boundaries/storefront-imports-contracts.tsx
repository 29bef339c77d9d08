// lint as: apps/storefront/src/fixture.tsx
// Violates: the storefront imports only the API client, the message bundles and the booking rules.
import type { EventDetails } from '@ticketing/catalog/contracts';
export type X = EventDetails;
