import type { OrderStatusFold } from '@ticketing/audit';
import { evolveReservation, initialReservationState, reservationEventTypes, type ReservationEvent, type ReservationState } from '@ticketing/sales/domain';

const known = new Set<string>(reservationEventTypes);

/** An order's status after each step of its story, as the sales domain folds its reservation stream. */
export const orderStatusFold: OrderStatusFold<ReservationState> = {
  initial: initialReservationState,
  // a type this build does not know (a newer writer's) leaves the status as it was
  evolve: (state, event, occurredAt) => (known.has(event.type) ? evolveReservation(state, event as unknown as ReservationEvent, occurredAt) : state),
  statusOf: (state) => state.status,
};
