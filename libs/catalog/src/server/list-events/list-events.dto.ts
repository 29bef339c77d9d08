import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { basicEventInfoSchema } from '../shared/views/event.views.js';
import { searchOptionsQuery } from '../shared/search-options.schema.js';

export class EventSearchQueryDto extends createZodDto(
  z.object({
    subscription: searchOptionsQuery.subscription.describe('Subscription id: events it can be used for (a value that is not a UUID is ignored).'),
    organizer: searchOptionsQuery.organizer.describe("Organizer id (an integer; another value answers 422): that organizer's events."),
    organizerSlug: searchOptionsQuery.organizerSlug,
    tags: searchOptionsQuery.tags.describe('Events with any of these tags; repeat the parameter for several.'),
  }),
) {}

export class BasicEventInfoDto extends createZodDto(basicEventInfoSchema) {}
