// lint as: libs/sales/src/domain/fixture.ts
// Violates: domain code does not depend on platform libraries, not even for a type.
import type { EventStore } from '@ticketing/event-store';
export type X = EventStore;
