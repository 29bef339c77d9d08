export * from './user.events.js';
export { userDecider, initialUserState, evolveUser, type UserState, type UserCommand } from './user.js';
export { decideSignIn, type SignIn } from './sign-in.js';
export { decideSignOut, type SignOut } from './sign-out.js';
export { userErrors } from './user-errors.js';
export { decideSaveProfile, type SaveProfile } from './save-profile.js';
export { decideSaveProfileFromBooking, type SaveProfileFromBooking } from './save-profile-from-booking.js';
export { decideDeleteUser, type DeleteUser } from './delete-user.js';
