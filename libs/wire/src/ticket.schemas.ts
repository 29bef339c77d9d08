import { z } from 'zod';
import { optionalWireInteger } from './request-schemas.js';

/**
 * The wire shapes of tickets and their questions (reference section 2), shared by the order's page (sales) and
 * the ticket's own calls (ticketing): one zod source for both, so the two can never drift apart.
 */

/** Generous parse limits: the booking rules answer too-long values with their own codes (error.tooLong ...). */
const text = (max = 1024) => z.string().max(max).nullable().optional();

/**
 * One value of an extra field as a client sends it. alf.io's Angular client sends null for an input left empty and
 * for an unticked box (additional-field.component.ts: its controls start at null, selectedCheckBox sets the choice
 * or null), and Jackson reads any JSON scalar into alf.io's List<String>: null, numbers and booleans are taken here
 * and read as text (null as no value) by bookingFormOf, so an optional field left empty is no error.
 */
const answer = z.union([z.string().max(4096), z.null(), z.number(), z.boolean()]);
export const extraFieldAnswersSchema = z
  .record(z.string().max(255), z.array(answer).max(50))
  .nullable()
  .optional()
  .describe('Extra field name -> values (one input each; null or "" for none).');

export const additionalServiceLinkFormSchema = z.object({
  additionalServiceItemId: optionalWireInteger(),
  ticketUUID: z.string().max(64).nullable().optional(),
  additional: extraFieldAnswersSchema,
});

/** `UpdateTicketOwnerForm`: the attendee of one ticket (booking step, ticket update). */
export const ticketOwnerFormSchema = z.object({
  email: text(),
  firstName: text(),
  lastName: text(),
  fullName: text(),
  userLanguage: text(16),
  additional: extraFieldAnswersSchema,
  additionalServices: z.record(z.string().max(64), z.array(additionalServiceLinkFormSchema).max(100)).nullable().optional(),
});

/** The answers as the booking rules read them: text, '' for a value left empty (null). */
export function answersOf(sent: z.infer<typeof extraFieldAnswersSchema>): Readonly<Record<string, readonly string[]>> | null {
  if (!sent) return null;
  return Object.fromEntries(Object.entries(sent).map(([name, values]) => [name, values.map((v) => (v === null ? '' : String(v)))]));
}

type SentLinks = z.infer<typeof ticketOwnerFormSchema>['additionalServices'];

/** The supplement items' links as the booking rules read them: ticket -> items, absent values null, answers as text. */
export function additionalServiceLinksOf(sent: SentLinks): Record<string, { additionalServiceItemId: number | null; ticketUUID: string | null; additional: Readonly<Record<string, readonly string[]>> | null }[]> {
  return Object.fromEntries(
    Object.entries(sent ?? {}).map(([id, links]) => [
      id,
      links.map((l) => ({ additionalServiceItemId: l.additionalServiceItemId ?? null, ticketUUID: l.ticketUUID ?? null, additional: answersOf(l.additional) })),
    ]),
  );
}

const langMap = z.record(z.string(), z.string()).describe('Text per language code.');

export const additionalFieldTypeSchema = z.enum(['input:text', 'input:tel', 'vat:eu', 'textarea', 'country', 'select', 'checkbox', 'radio', 'input:dateOfBirth']);

export const additionalFieldSchema = z
  .object({
    name: z.string(),
    value: z.string().nullable(),
    type: additionalFieldTypeSchema,
    required: z.boolean(),
    editable: z.boolean(),
    minLength: z.number().int().nullable(),
    maxLength: z.number().int().nullable(),
    restrictedValues: z.array(z.string()).describe('The choices to offer: values the organizer disabled are left out, except an answer already given (alf.io).'),
    disabledValues: z.array(z.string()).describe('Every value the organizer disabled (the booking step refuses them with error.disabledValue).'),
    fields: z
      .array(z.object({ fieldIndex: z.number().int(), fieldValue: z.string().nullable() }))
      .describe(
        'One entry per input: a checkbox group of several choices one per choice offered (the ticked value, else null once answered, "" before); any other field one, index 0 (the answer, else null for a ticket and "" for a supplement item).',
      ),
    beforeStandardFields: z.boolean(),
    description: z.record(
      z.string(),
      z.object({ label: z.string(), placeholder: z.string(), restrictedValuesDescription: z.record(z.string(), z.string()) }),
    ),
  })
  .describe('AdditionalField: a question of the booking form and the answers given so far.');

export const bookingInfoTicketSchema = z.object({
  uuid: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  fullName: z.string(),
  userLanguage: z.string().nullable(),
  assigned: z.boolean(),
  locked: z.boolean(),
  acquired: z.boolean(),
  cancellationEnabled: z.boolean(),
  sendMailEnabled: z.boolean(),
  downloadEnabled: z.boolean(),
  ticketFieldConfigurationBeforeStandard: z.array(additionalFieldSchema),
  ticketFieldConfigurationAfterStandard: z.array(additionalFieldSchema),
  formattedOnlineCheckInDate: langMap,
  onlineEventStarted: z.boolean(),
});

export const ticketsByTicketCategorySchema = z.object({
  name: z.string(),
  ticketAccessType: z.enum(['INHERIT', 'IN_PERSON', 'ONLINE']),
  tickets: z.array(bookingInfoTicketSchema),
});

export const additionalServiceWithDataSchema = z.object({
  title: langMap,
  itemId: z.number().int(),
  serviceId: z.number().int(),
  ticketUUID: z.string().nullable(),
  ticketFieldConfiguration: z.array(additionalFieldSchema),
  type: z.enum(['DONATION', 'SUPPLEMENT']),
});


export type AdditionalFieldView = z.infer<typeof additionalFieldSchema>;
export type BookingInfoTicketView = z.infer<typeof bookingInfoTicketSchema>;
export type TicketsByTicketCategory = z.infer<typeof ticketsByTicketCategorySchema>;
export type AdditionalServiceWithData = z.infer<typeof additionalServiceWithDataSchema>;
