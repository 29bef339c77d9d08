import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { identifier, shortNameParam, ticketOwnerFormSchema, ticketsByTicketCategorySchema, uuidParam, validatedResponseSchema } from '@ticketing/wire';
import { onlineCheckInInfoSchema, ticketInfoSchema } from './ticket.views.js';

export class TicketPathDto extends createZodDto(z.object({ eventName: shortNameParam, ticketIdentifier: uuidParam.describe('The ticket id (its public uuid).') })) {}

export class CheckInInfoPathDto extends createZodDto(
  z.object({
    eventName: shortNameParam,
    ticketIdentifier: uuidParam.describe('The ticket id (its public uuid).'),
    checkInCode: identifier(128).describe('sha256 hex of the ticket code, as the check-in link carries it.'),
  }),
) {}

export class CheckInInfoQueryDto extends createZodDto(
  z.object({ tz: z.string().max(64).optional().describe("The browser's IANA time zone: dates are formatted in it when valid.") }),
) {}

export class SendTicketQueryDto extends createZodDto(
  z.object({ lang: z.string().max(16).optional().describe("The language of the e-mail and the PDF (one of the event's; else the holder's).") }),
) {}

export class TicketInfoDto extends createZodDto(ticketInfoSchema) {}
export class TicketsByTicketCategoryDto extends createZodDto(ticketsByTicketCategorySchema.describe('TicketsByTicketCategory')) {}
export class OnlineCheckInInfoDto extends createZodDto(onlineCheckInInfoSchema) {}
export class UpdateTicketOwnerFormDto extends createZodDto(ticketOwnerFormSchema.describe('UpdateTicketOwnerForm')) {}
export class TicketUpdateResponseDto extends createZodDto(validatedResponseSchema(z.boolean()).describe('ValidatedResponse<boolean>')) {}

export class WalletPassPathDto extends createZodDto(z.object({ eventName: shortNameParam, ticketUuid: uuidParam.describe('The ticket id (its public uuid).') })) {}
