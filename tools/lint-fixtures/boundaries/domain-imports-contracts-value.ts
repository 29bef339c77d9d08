// lint as: libs/sales/src/domain/fixture.ts
// Violates: domain code takes only types from another context's contracts.
import { catalogStreams } from '@ticketing/catalog/contracts';
export const x = catalogStreams;
