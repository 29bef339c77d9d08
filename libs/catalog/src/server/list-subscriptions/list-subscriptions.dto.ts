import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { basicSubscriptionDescriptorInfoSchema } from '../shared/views/subscription.views.js';
import { identifier, optionalQuery } from '@ticketing/wire';

export class SubscriptionSearchQueryDto extends createZodDto(
  z.object({
    organizer: optionalQuery(identifier(255).describe('Organizer identifier (the organizer slug; alf.io used a numeric id).')),
    organizerSlug: optionalQuery(identifier(255).describe('Organizer slug.')),
  }),
) {}

export class BasicSubscriptionDescriptorInfoDto extends createZodDto(basicSubscriptionDescriptorInfoSchema) {}
