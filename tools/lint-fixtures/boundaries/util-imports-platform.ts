// lint as: libs/formatting/src/fixture.ts
// Violates: a utility library depends only on the kernel and other utilities.
import { createPool } from '@ticketing/postgres';
export const x = createPool;
