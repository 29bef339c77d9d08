// lint as: libs/sales/src/server/fixture.ts
// Violates: no library imports an application.
import { main } from '../../../../apps/api/src/main.js';
export const x = main;
