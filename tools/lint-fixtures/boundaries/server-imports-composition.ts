// lint as: libs/catalog/src/server/fixture.ts
// Violates: contexts do not depend on the composition that assembles them.
import { AppModule } from '@ticketing/application';
export const x = AppModule;
