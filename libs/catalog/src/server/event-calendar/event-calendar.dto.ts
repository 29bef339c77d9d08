import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { langParam, optionalQuery, shortNameParam, uuidParam } from '@ticketing/wire';

export class CalendarPathDto extends createZodDto(z.object({ shortName: shortNameParam, lang: langParam })) {}

export class CalendarQueryDto extends createZodDto(
  z.object({
    type: optionalQuery(z.enum(['google']).describe('google: answer with a redirect to a Google Calendar entry instead of an ICS file.')),
    ticketId: optionalQuery(uuidParam.describe('Accepted for compatibility; categories have no dates of their own, so the event dates are used.')),
  }),
) {}
