import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { dynamicDiscountSchema, eventCodeSchema } from '../shared/views/event-code.views.js';
import { basicEventInfoSchema, eventWithAdditionalInfoSchema } from '../shared/views/event.views.js';
import { itemsByCategorySchema } from '../shared/views/items-by-category.views.js';
import { identifier, langParam, optionalQuery, repeatableQuery, shortNameParam, uuidParam, validatedResponseSchema } from '@ticketing/wire';

// ---------------------------------------------------------------- requests

export class ShortNamePathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}

export class EventSearchQueryDto extends createZodDto(
  z.object({
    subscription: optionalQuery(identifier(64).describe('Subscription id: events it can be used for (a value that is not a UUID is ignored).')),
    organizer: optionalQuery(identifier(255).describe('Organizer identifier (the organizer slug; alf.io used a numeric id).')),
    organizerSlug: optionalQuery(identifier(255).describe('Organizer slug.')),
    tags: repeatableQuery(identifier(100), 20).describe('Events with any of these tags; repeat the parameter for several.'),
  }),
) {}

export class TicketCategoriesQueryDto extends createZodDto(
  z.object({ code: optionalQuery(identifier(255).describe('Promo, discount or access code; an unknown or unusable code changes nothing.')) }),
) {}

export class ValidateCodeQueryDto extends createZodDto(z.object({ code: identifier(255).describe('The code the buyer typed (case-sensitive).') })) {}

const selectedCategorySchema = z.object({
  ticketCategoryId: z.number().int(),
  amount: z.number().int().min(0).max(1000).optional().describe('Tickets wanted (the storefront sends amount).'),
  quantity: z.number().int().min(0).max(1000).optional().describe('Alias of amount.'),
});

/** The reservation form as check-discount reads it: only `reservation` matters; other fields are accepted and ignored. */
export class CheckDiscountFormDto extends createZodDto(
  z.object({
    reservation: z.array(selectedCategorySchema).max(100),
    promoCode: z.string().max(255).nullable().optional(),
  }),
) {}

export class CalendarPathDto extends createZodDto(z.object({ shortName: shortNameParam, lang: langParam })) {}

export class CalendarQueryDto extends createZodDto(
  z.object({
    type: optionalQuery(z.enum(['google']).describe('google: answer with a redirect to a Google Calendar entry instead of an ICS file.')),
    ticketId: optionalQuery(uuidParam.describe('Accepted for compatibility; categories have no dates of their own, so the event dates are used.')),
  }),
) {}

// ---------------------------------------------------------------- responses

export class BasicEventInfoDto extends createZodDto(basicEventInfoSchema) {}
export class EventWithAdditionalInfoDto extends createZodDto(eventWithAdditionalInfoSchema) {}
export class ItemsByCategoryDto extends createZodDto(itemsByCategorySchema) {}
export class EventCodeResponseDto extends createZodDto(validatedResponseSchema(eventCodeSchema).describe('ValidatedResponse<EventCode>')) {}
export class DynamicDiscountDto extends createZodDto(dynamicDiscountSchema) {}
