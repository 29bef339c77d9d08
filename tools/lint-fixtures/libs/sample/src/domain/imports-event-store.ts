// Violates: domain code talks to the event store directly.
import type { EventStore } from '@ticketing/event-store';
export type X = EventStore;
