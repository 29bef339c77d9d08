import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { basicSubscriptionDescriptorInfoSchema, subscriptionDescriptorWithAdditionalInfoSchema } from '../shared/views/subscription.views.js';
import { identifier, optionalQuery, uuidParam } from '@ticketing/wire';

export class SubscriptionSearchQueryDto extends createZodDto(
  z.object({
    organizer: optionalQuery(identifier(255).describe('Organizer identifier (the organizer slug; alf.io used a numeric id).')),
    organizerSlug: optionalQuery(identifier(255).describe('Organizer slug.')),
  }),
) {}

export class SubscriptionIdPathDto extends createZodDto(z.object({ id: uuidParam.describe('Subscription descriptor id.') })) {}

export class BasicSubscriptionDescriptorInfoDto extends createZodDto(basicSubscriptionDescriptorInfoSchema) {}
export class SubscriptionDescriptorWithAdditionalInfoDto extends createZodDto(subscriptionDescriptorWithAdditionalInfoSchema) {}
