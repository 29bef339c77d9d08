// lint as: libs/sales/src/server/fixture.ts
// Violates: a folder of another project (its index) is reached through that project's entry point, not by a path.
import { CatalogReadModule } from '../../../catalog/src/server';
export const x = CatalogReadModule;
