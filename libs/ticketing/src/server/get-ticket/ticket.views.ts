import { z } from 'zod';
import { additionalServiceWithDataSchema } from '@ticketing/wire';

const langMap = z.record(z.string(), z.string()).describe('Text per language code.');

const datesWithOffsetSchema = z.object({
  startDateTime: z.number().int(),
  startTimeZoneOffset: z.number().int(),
  endDateTime: z.number().int(),
  endTimeZoneOffset: z.number().int(),
});

/** `TicketInfo` (reference section 2): a ticket as its own page shows it. */
export const ticketInfoSchema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    uuid: z.string(),
    ticketCategoryName: z.string(),
    reservationFullName: z.string(),
    reservationId: z.string().describe('The short id of the order: its first 8 characters, upper case.'),
    deskPaymentRequired: z.boolean().describe('To be paid at the desk on the day (ON_SITE).'),
    timeZone: z.string(),
    datesWithOffset: datesWithOffsetSchema,
    sameDay: z.boolean(),
    formattedBeginDate: langMap,
    formattedBeginTime: langMap,
    formattedEndDate: langMap,
    formattedEndTime: langMap,
    additionalServiceWithData: z.array(additionalServiceWithDataSchema),
    pollPin: z
      .string()
      .nullable()
      .optional()
      .describe("Not in alf.io: the PIN with which the holder answers the event's polls; set once the ticket is checked in and the event has a poll that is not DRAFT, else null."),
  })
  .describe('TicketInfo');

/** `OnlineCheckInInfo` (reference section 2): when an online ticket's check-in link opens. */
export const onlineCheckInInfoSchema = z
  .object({
    formattedBeginDate: langMap,
    formattedBeginTime: langMap,
    formattedEndDate: langMap,
    formattedEndTime: langMap,
    timeZone: z.string(),
    datesWithOffset: datesWithOffsetSchema,
    sameDay: z.literal(true),
  })
  .describe('OnlineCheckInInfo');

export type TicketInfo = z.infer<typeof ticketInfoSchema>;
export type OnlineCheckInInfo = z.infer<typeof onlineCheckInInfoSchema>;
