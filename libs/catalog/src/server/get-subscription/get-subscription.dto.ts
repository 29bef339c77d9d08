import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { subscriptionDescriptorWithAdditionalInfoSchema } from '../shared/views/subscription.views.js';
import { uuidParam } from '@ticketing/wire';

export class SubscriptionIdPathDto extends createZodDto(z.object({ id: uuidParam.describe('Subscription descriptor id.') })) {}

export class SubscriptionDescriptorWithAdditionalInfoDto extends createZodDto(subscriptionDescriptorWithAdditionalInfoSchema) {}
