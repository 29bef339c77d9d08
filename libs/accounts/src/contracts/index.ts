// What other contexts may know of accounts: the user stream's name, who is signed in on a session, and the
// profile a signed-in buyer's booking saves.
export { userStreamId } from './user-stream.js';
export { SignedInUsers, type SignedInUser } from './signed-in-users.js';
export { USER_DELETED, type UserDeletedData } from './user-deleted.js';
export { UserProfiles, type BookedAnswer, type BookedProfile, type ProfileBilling, type ProfileChange, type ProfileEventToAppend } from './user-profiles.js';
