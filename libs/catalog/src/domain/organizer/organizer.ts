import type { Organizer, OrganizerEvent } from '@ticketing/catalog/contracts';

/** The state of one `organizer-{slug}` stream. */
export type OrganizerState = { readonly status: 'unregistered' } | { readonly status: 'registered'; readonly organizer: Organizer };

export const initialOrganizerState = (): OrganizerState => ({ status: 'unregistered' });

export function evolveOrganizer(_state: OrganizerState, event: OrganizerEvent): OrganizerState {
  // Both events carry the whole organizer.
  return { status: 'registered', organizer: event.data.organizer };
}
