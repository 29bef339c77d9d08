// lint as: libs/sales/src/server/fixture.ts
// Violates: a project imports its own files by relative path, not through its entry point (a cycle through the barrel).
import { SalesModule } from '@ticketing/sales/server';
export const x = SalesModule;
