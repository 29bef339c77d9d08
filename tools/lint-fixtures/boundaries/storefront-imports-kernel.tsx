// lint as: apps/storefront/src/fixture.tsx
// Violates: the storefront imports only the API client, the message bundles and the booking rules.
import { parseAmount } from '@ticketing/kernel';
export const x = parseAmount;
