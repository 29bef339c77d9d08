// lint as: libs/application/src/fixture.ts
// Allowed: the composition assembles every context's server.
import { SalesModule } from '@ticketing/sales/server';
import { CatalogReadModule } from '@ticketing/catalog/server';
export const x = [SalesModule, CatalogReadModule];
