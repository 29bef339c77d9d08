// lint as: libs/sales/src/server/fixture.ts
// Violates: another project's files are reached through its entry point, never by a relative path.
import { purchaseOffer } from '../../../catalog/src/server/purchase-offer/purchase-offer.query.js';
export const x = purchaseOffer;
