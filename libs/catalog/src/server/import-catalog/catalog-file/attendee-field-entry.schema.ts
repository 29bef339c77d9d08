import { z } from 'zod';
import { int32, localizedText } from './catalog-file.primitives.js';

const length = int32().min(0).nullable().default(null);

/**
 * One question of the booking form (alf.io's "additional field"). Categories and the supplement are named by
 * their keys, as promo codes name categories, so a file never carries an id.
 */
export const attendeeFieldEntrySchema = z.strictObject({
  name: z.string().min(1).describe('Unique in the event and never renamed: the key under which answers are stored.'),
  type: z
    .enum(['input:text', 'input:tel', 'vat:eu', 'textarea', 'country', 'select', 'checkbox', 'radio', 'input:dateOfBirth'])
    .describe('How it is asked; select and radio need restrictedValues.'),
  label: localizedText.describe('Question per content language (required in each).'),
  placeholder: localizedText.default({}).describe('Hint shown in the empty input, per language.'),
  ordinal: int32().optional().describe('Display order; defaults to the position in the list.'),
  beforeStandardFields: z.boolean().default(false).describe('Asked before the name and e-mail fields instead of after.'),
  required: z.boolean().default(false),
  editable: z.boolean().default(true).describe('The answer may be changed after the ticket is acquired.'),
  minLength: length.describe('Text: fewest characters; input:dateOfBirth: youngest age allowed.'),
  maxLength: length.describe('Text: most characters; input:dateOfBirth: oldest age allowed.'),
  restrictedValues: z.array(z.string()).default([]).describe('select, radio, checkbox: the values to choose from.'),
  disabledValues: z.array(z.string()).default([]).describe('Values still shown but no longer accepted; each one of restrictedValues.'),
  restrictedValuesDescription: z
    .record(z.string(), localizedText)
    .default({})
    .describe('Text shown for a value, per language: `{ XL: { en: "XL (sold out)" } }`; a value without one shows as written.'),
  categories: z.array(z.string()).default([]).describe('Category keys whose tickets ask it; empty = every category.'),
  additionalService: z.string().min(1).nullable().default(null).describe('Key of a SUPPLEMENT: asked once per booked item of it instead of per ticket.'),
});

export type AttendeeFieldEntry = z.output<typeof attendeeFieldEntrySchema>;
