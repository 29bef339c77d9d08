// What other contexts may know of accounts: the user stream's name and who is signed in on a session.
export { userStreamId } from './user-stream.js';
export { SignedInUsers, type SignedInUser } from './signed-in-users.js';
export { USER_DELETED, type UserDeletedData } from './user-deleted.js';
