// lint as: libs/sales/src/server/fixture.ts
// Violates: a context reaches another only through its contracts.
import { CatalogReadModule } from '@ticketing/catalog/server';
export const x = CatalogReadModule;
