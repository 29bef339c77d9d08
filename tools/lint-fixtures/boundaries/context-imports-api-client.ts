// lint as: libs/catalog/src/server/fixture.ts
// Violates: the generated API client is for the storefront and its tests.
import { getEvent } from '@ticketing/api-client';
export const x = getEvent;
