// lint as: libs/event-store/src/fixture.ts
// Violates: platform libraries serve every context and know none of them.
import type { EventSalesFigures } from '@ticketing/sales/contracts';
export type X = EventSalesFigures;
