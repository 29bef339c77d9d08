import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { optionalWireInteger, validatedResponseSchema, shortNameParam } from '@ticketing/wire';

// No length limits or formats here: the rules answer with the reference's own codes per field
// (error.firstname, error.email ...), which a schema failure would replace by generic ones.
const text = (description: string) => z.string().nullable().optional().describe(description);

/** `WaitingQueueSubscriptionForm` (reference 3.2, item 13). */
export const waitingQueueSubscriptionFormSchema = z.object({
  fullName: text('Not used: events here always ask for first and last name (accepted for alf.io clients).'),
  firstName: text('Required, at most 255 characters (error.firstname).'),
  lastName: text('Required (lastname.fullname when empty), at most 255 characters (error.lastname).'),
  email: text('Required, well-formed, at most 255 characters (error.email). One entry per e-mail (case-insensitive) and category.'),
  userLanguage: text("Language of the offer e-mail: one of the event's content languages, e.g. `en` (error.userLanguage)."),
  termAndConditionsAccepted: z.boolean().nullable().optional().describe('Must be true (error.STEP_2_TERMS_CONDITIONS).'),
  privacyPolicyAccepted: z.boolean().nullable().optional().describe('Must be true when the event has a privacy policy (error.STEP_2_TERMS_CONDITIONS).'),
  // the Angular form's category <select> starts on an empty option (`""`); its categories are bound as numbers
  selectedCategory: optionalWireInteger().describe(
      'One of ticketCategoriesForWaitingList when it lists several (error.restrictedValue otherwise); absent (null, ""): any category. With one listed, that one is taken.',
    ),
});

export class WaitingQueueSubscriptionFormDto extends createZodDto(waitingQueueSubscriptionFormSchema) {}

export class WaitingListPathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}

export class WaitingListSubscriptionResponseDto extends createZodDto(
  validatedResponseSchema(z.boolean().describe('true: added; false: the list takes no entries now, or the e-mail already waits for that category.')),
) {}
