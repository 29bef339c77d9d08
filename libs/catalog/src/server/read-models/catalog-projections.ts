import type { Projection } from '@ticketing/projections';
import { additionalServicesProjection } from './additional-services/additional-services.projection.js';
import { attendeeFieldsProjection } from './attendee-fields/attendee-fields.projection.js';
import { eventsProjection } from './events/events.projection.js';
import { filesProjection } from './files/files.projection.js';
import { organizersProjection } from './organizers/organizers.projection.js';
import { pollsProjection } from './polls/polls.projection.js';
import { promoCodesProjection } from './promo-codes/promo-codes.projection.js';
import { subscriptionDescriptorsProjection } from './subscription-descriptors/subscription-descriptors.projection.js';
import { ticketCategoriesProjection } from './ticket-categories/ticket-categories.projection.js';

/** The catalog's read models, for `allProjections`. */
export const catalogProjections: readonly Projection[] = [
  organizersProjection,
  eventsProjection,
  ticketCategoriesProjection,
  additionalServicesProjection,
  promoCodesProjection,
  attendeeFieldsProjection,
  pollsProjection,
  subscriptionDescriptorsProjection,
  filesProjection,
];
