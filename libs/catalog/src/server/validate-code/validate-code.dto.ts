import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { eventCodeSchema } from '../shared/views/event-code.views.js';
import { identifier, validatedResponseSchema } from '@ticketing/wire';

export class ValidateCodeQueryDto extends createZodDto(z.object({ code: identifier(255).describe('The code the buyer typed (case-sensitive).') })) {}

export class EventCodeResponseDto extends createZodDto(validatedResponseSchema(eventCodeSchema).describe('ValidatedResponse<EventCode>')) {}
