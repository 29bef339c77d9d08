// lint as: libs/sales/src/domain/fixture.ts
// Violates: domain code depends only on the kernel and contracts, not on another context's domain.
import { eventCatalogDecider } from '@ticketing/catalog/domain';
export const x = eventCatalogDecider;
