/**
 * A question of the booking form (an "additional field", spec 2): asked of a ticket's attendee or about one booked
 * supplement item. Only what the rules judge an answer by; labels, order and placement are the views' business.
 * The server makes these from the catalog's attendee fields, the storefront from the reservation view's
 * `ticketFieldConfiguration*`: the two describe the same questions.
 */

/** The kinds of question of spec 2; a kind the rules do not know is judged as free text. */
export type BookingQuestionType = 'input:text' | 'input:tel' | 'vat:eu' | 'input:dateOfBirth' | 'textarea' | 'country' | 'select' | 'checkbox' | 'radio';

export interface BookingQuestion {
  /** The answer's key: `additional[<name>][<i>]`. */
  readonly name: string;
  readonly type: BookingQuestionType | (string & {});
  readonly required: boolean;
  /** Text: fewest characters. input:dateOfBirth: youngest age allowed, in years. */
  readonly minLength: number | null;
  /** Text: most characters. input:dateOfBirth: oldest age allowed, in years (a year begun counts). */
  readonly maxLength: number | null;
  /** When not empty, the only answers accepted (`error.restrictedValue`). */
  readonly restrictedValues: readonly string[];
  /** Answers still shown but no longer accepted (`error.disabledValue`). */
  readonly disabledValues: readonly string[];
}

/**
 * The question as a ticket's update asks it: a value the organizer withdrew after the ticket took it (`held`, the
 * ticket's answers now) stays acceptable for that ticket, as the view keeps offering it; the others stay refused.
 */
export function acceptingHeldChoices(question: BookingQuestion, held: readonly string[] | undefined): BookingQuestion {
  if (!held?.length) return question;
  return { ...question, disabledValues: question.disabledValues.filter((v) => !held.includes(v)) };
}
