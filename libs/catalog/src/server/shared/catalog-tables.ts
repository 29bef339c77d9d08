import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { ADDITIONAL_SERVICES_TABLE } from '../read-models/additional-services/additional-services.projection.js';
import { ATTENDEE_FIELDS_TABLE } from '../read-models/attendee-fields/attendee-fields.projection.js';
import { EVENTS_TABLE } from '../read-models/events/events.projection.js';
import { FILES_TABLE } from '../read-models/files/files.projection.js';
import { ORGANIZERS_TABLE } from '../read-models/organizers/organizers.projection.js';
import { POLLS_TABLE } from '../read-models/polls/polls.projection.js';
import { PROMO_CODES_TABLE } from '../read-models/promo-codes/promo-codes.projection.js';
import { SUBSCRIPTION_DESCRIPTORS_TABLE, SUBSCRIPTION_EVENTS_TABLE } from '../read-models/subscription-descriptors/subscription-descriptors.projection.js';
import { CAPACITIES_TABLE, TICKET_CATEGORIES_TABLE } from '../read-models/ticket-categories/ticket-categories.projection.js';

const live = (name: string) => `${quoteIdent(LIVE_SCHEMA)}.${quoteIdent(name)}`;

/** The live read tables, schema-qualified for queries. */
export const tables = {
  organizers: live(ORGANIZERS_TABLE),
  events: live(EVENTS_TABLE),
  categories: live(TICKET_CATEGORIES_TABLE),
  capacities: live(CAPACITIES_TABLE),
  services: live(ADDITIONAL_SERVICES_TABLE),
  promoCodes: live(PROMO_CODES_TABLE),
  attendeeFields: live(ATTENDEE_FIELDS_TABLE),
  polls: live(POLLS_TABLE),
  descriptors: live(SUBSCRIPTION_DESCRIPTORS_TABLE),
  descriptorEvents: live(SUBSCRIPTION_EVENTS_TABLE),
  files: live(FILES_TABLE),
} as const;
