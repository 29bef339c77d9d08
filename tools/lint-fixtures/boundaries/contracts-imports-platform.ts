// lint as: libs/catalog/src/contracts/fixture.ts
// Violates: contracts depend on the kernel and other contracts only.
import type { Db } from '@ticketing/postgres';
export type X = Db;
