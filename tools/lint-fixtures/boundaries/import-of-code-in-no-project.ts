// lint as: libs/sales/src/server/fixture.ts
// Violates: code no project owns cannot be imported (it could re-export anything).
import { bridge } from '../bridge.js';
export const x = bridge;
