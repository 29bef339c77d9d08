import { Inject, Injectable } from '@nestjs/common';
import type { EventMetadata } from '@ticketing/kernel';
import { userStreamId, UserProfiles, type BookedProfile, type ProfileChange } from '@ticketing/accounts/contracts';
import { decideSaveProfileFromBooking } from '@ticketing/accounts/domain';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { loadUser, userToLog } from '../users/user-log.js';

/**
 * `UserProfiles` on the user's stream: the profile a booking saves is decided here, on the stream as read now, and
 * appended by the order with its own events (the same UserProfileSaved "my profile" appends, the profile as
 * personal data under the user's subject), so that a booking's validation and its buyer's profile are written together.
 */
@Injectable()
export class EventLogUserProfiles extends UserProfiles {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {
    super();
  }

  async planSaveFromBooking(userId: string, booked: BookedProfile, metadata: EventMetadata): Promise<ProfileChange | null> {
    const { state, revision } = await loadUser(this.options.store, userId);
    const events = decideSaveProfileFromBooking(state, { type: 'SaveProfileFromBooking', booked });
    if (events.length === 0 || revision === 'no_stream') return null;
    return { streamId: userStreamId(userId), events: events.map((e) => userToLog(e, metadata)), expectedRevision: revision };
  }
}
