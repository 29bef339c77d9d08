import { createZodDto } from 'nestjs-zod';
import { eventWithAdditionalInfoSchema } from '../shared/views/event.views.js';

export class EventWithAdditionalInfoDto extends createZodDto(eventWithAdditionalInfoSchema) {}
