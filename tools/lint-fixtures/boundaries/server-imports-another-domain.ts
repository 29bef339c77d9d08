// lint as: libs/sales/src/server/fixture.ts
// Violates: a context reaches another only through its contracts.
import { eventCatalogDecider } from '@ticketing/catalog/domain';
export const x = eventCatalogDecider;
