import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { langParam, shortNameParam, validatedResponseSchema } from '@ticketing/wire';

export class DoorCheckInPathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}

/** `?lang=`: the door staff's language, for the category's name (else the event's first content language). */
export class DoorCheckInQueryDto extends createZodDto(z.object({ lang: langParam.optional() })) {}

export class DoorCheckInFormDto extends createZodDto(
  z
    .object({ code: z.string().trim().min(1).max(512).describe("The text of the ticket's QR code as scanned: `<ticket uuid>/<signature>`.") })
    .describe('DoorCheckInForm'),
) {}

const doorCheckInSchema = z
  .object({
    result: z.enum(['CHECKED_IN', 'ALREADY_CHECKED_IN']).describe('CHECKED_IN now, or ALREADY_CHECKED_IN (the ticket entered before: a repeated scan changes nothing).'),
    ticket: z.object({
      uuid: z.string(),
      categoryName: z.string().describe("The ticket's category, in the language asked for (`lang`) when it has that name, else in the event's first content language."),
      fullName: z.string().describe("The holder's name, for the door staff to compare with the attendee."),
      checkedInAt: z.string().describe('When the ticket entered first (ISO 8601).'),
      pollPin: z.string().describe("The attendee's PIN for the event's polls (reference 49-51), for the badge desk to print."),
    }),
  })
  .describe('DoorCheckIn');

export class DoorCheckInResponseDto extends createZodDto(validatedResponseSchema(doorCheckInSchema).describe('ValidatedResponse<DoorCheckIn>')) {}
