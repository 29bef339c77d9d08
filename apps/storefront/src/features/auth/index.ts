// The visitor's login state, shared by the chrome, the booking step and the account pages.
export { openIdEnabledAtom } from './atoms';
export { userMenu } from './user-menu-part';
export { leavesApp, signedOutTo } from './hooks/leave-for';
export { setProfileDeletedFlag, takeProfileDeletedFlag } from './profile-deleted-flag';
