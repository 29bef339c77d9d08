import { z } from 'zod';
import { identifier, optionalQuery, repeatableQuery } from '@ticketing/wire';

/**
 * An integer in a query string, as Spring binds an `Integer` (digits, an optional minus, blanks around; at most 15
 * digits, so a safe integer). Anything else is refused with a 422 where alf.io answered its binding error with a 500.
 */
const integerQuery = z
  .string()
  .regex(/^\s*-?\d{1,15}\s*$/, 'error.invalidFormat')
  .transform(Number);

/**
 * alf.io's `SearchOptions`, the query both public lists bind (reference 7 and 40). `organizer` is the organizer's
 * integer id (the global position of its registration, see the organizers projection); `organizerSlug` its slug.
 * Given both, an item must match both.
 */
export const searchOptionsQuery = {
  subscription: optionalQuery(identifier(64)),
  organizer: optionalQuery(integerQuery),
  organizerSlug: optionalQuery(identifier(255).describe('Organizer slug.')),
  tags: repeatableQuery(identifier(100), 20),
};

export interface OrganizerFilter {
  /** The organizer's integer id. */
  readonly organizer?: number | null;
  readonly organizerSlug?: string | null;
}
