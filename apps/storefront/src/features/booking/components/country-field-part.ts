import { lazyPart, partPlaceholder } from '../../../app/lazy-part';

/**
 * The searchable country select (country-field.tsx) as a part of an attendee form: it is most of the form's code and
 * few events ask an attendee's country, so it comes in a chunk of its own (with the invoice form's, which asks for
 * one too). A form that opens with a country question waits for it (AttendeeForm's useLazyParts): nothing pops in.
 */
export const countryFieldPart = lazyPart(() => import('./country-field').then((m) => m.CountryField), partPlaceholder);
