import type { Projection } from '@ticketing/projections';
import { holdsProjection } from './holds/holds.projection.js';
import { reservationsProjection } from './reservations/reservations.projection.js';
import { waitingListProjection } from './waiting-list/waiting-list.projection.js';

export const salesProjections: readonly Projection[] = [reservationsProjection, holdsProjection, waitingListProjection];
