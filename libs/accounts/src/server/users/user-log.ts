import type { EventStore, EventToAppend, RecordedEvent } from '@ticketing/event-store';
import type { EventMetadata } from '@ticketing/kernel';
import { userStreamId } from '@ticketing/accounts/contracts';
import { evolveUser, initialUserState, type UserDetails, type UserEvent, type UserProfile, type UserState } from '@ticketing/accounts/domain';

/**
 * A person's name and e-mail leave `data` for the event's personal data, under the user's own subject (the user
 * id): deleting the profile forgets that key, and every event of theirs then reads with null details while the
 * hash chain still verifies.
 */
export function userToLog(event: UserEvent, metadata: EventMetadata): EventToAppend {
  if (event.type === 'UserRegistered' || event.type === 'UserDetailsChanged') {
    const { details, ...data } = event.data;
    return { type: event.type, data: { ...data }, metadata, personal: { subjectId: event.data.userId, data: { details } } };
  }
  if (event.type === 'UserProfileSaved') {
    return { type: event.type, data: { userId: event.data.userId }, metadata, personal: { subjectId: event.data.userId, data: { profile: event.data.profile } } };
  }
  return { type: event.type, data: { ...event.data }, metadata };
}

const ERASED: UserDetails = { firstName: null, lastName: null, email: null };
export const ERASED_PROFILE: UserProfile = {
  firstName: '',
  lastName: '',
  billing: { addCompanyBillingDetails: false, companyName: null, addressLine1: null, addressLine2: null, zip: null, city: null, state: null, country: null, taxId: null, skipVatNr: false, italianEInvoicing: null },
  additionalData: {},
};

export function userFromLog(recorded: Pick<RecordedEvent, 'type' | 'data' | 'personal'>): UserEvent {
  if (recorded.type === 'UserRegistered' || recorded.type === 'UserDetailsChanged') {
    const details = ((recorded.personal?.data as { details?: UserDetails } | null)?.details ?? ERASED) as UserDetails;
    return { type: recorded.type, data: { ...recorded.data, details } } as UserEvent;
  }
  if (recorded.type === 'UserProfileSaved') {
    // erased: an empty profile (names and address gone), as the read model shows it
    const profile = (recorded.personal?.data as { profile?: UserProfile } | null)?.profile ?? ERASED_PROFILE;
    return { type: 'UserProfileSaved', data: { userId: recorded.data.userId as string, profile } };
  }
  return { type: recorded.type, data: recorded.data } as UserEvent;
}

export interface LoadedUser {
  readonly state: UserState;
  readonly revision: number | 'no_stream';
}

export async function loadUser(store: EventStore, userId: string): Promise<LoadedUser> {
  const recorded = await store.readStream(userStreamId(userId));
  return { state: recorded.reduce((s, e) => evolveUser(s, userFromLog(e)), initialUserState()), revision: recorded.at(-1)?.revision ?? 'no_stream' };
}
