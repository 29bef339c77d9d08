import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { basicEventInfoSchema } from '../shared/views/event.views.js';
import { identifier, optionalQuery, repeatableQuery } from '@ticketing/wire';

export class EventSearchQueryDto extends createZodDto(
  z.object({
    subscription: optionalQuery(identifier(64).describe('Subscription id: events it can be used for (a value that is not a UUID is ignored).')),
    organizer: optionalQuery(identifier(255).describe('Organizer identifier (the organizer slug; alf.io used a numeric id).')),
    organizerSlug: optionalQuery(identifier(255).describe('Organizer slug.')),
    tags: repeatableQuery(identifier(100), 20).describe('Events with any of these tags; repeat the parameter for several.'),
  }),
) {}

export class BasicEventInfoDto extends createZodDto(basicEventInfoSchema) {}
