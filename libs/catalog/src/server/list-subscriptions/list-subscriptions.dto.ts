import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { basicSubscriptionDescriptorInfoSchema } from '../shared/views/subscription.views.js';
import { searchOptionsQuery } from '../shared/search-options.schema.js';

// The same SearchOptions as the event list (reference 40); `subscription` and `tags` are defined for events only.
export class SubscriptionSearchQueryDto extends createZodDto(
  z.object({
    subscription: searchOptionsQuery.subscription.describe('Accepted for the event list\'s sake and ignored: it selects events, not subscriptions.'),
    organizer: searchOptionsQuery.organizer.describe("Organizer id (an integer; another value answers 422): that organizer's subscriptions."),
    organizerSlug: searchOptionsQuery.organizerSlug,
    tags: searchOptionsQuery.tags.describe('Accepted for the event list\'s sake and ignored: subscriptions have no tags.'),
  }),
) {}

export class BasicSubscriptionDescriptorInfoDto extends createZodDto(basicSubscriptionDescriptorInfoSchema) {}
