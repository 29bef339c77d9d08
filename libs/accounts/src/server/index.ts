export { AccountsModule, type AccountsModuleAsyncOptions } from './accounts.module.js';
export { accountsProjections, accountsProjection, USERS_TABLE, SESSIONS_TABLE } from './read-models/accounts.projection.js';
export { myOrdersProjection, ORDERS_TABLE } from './my-orders/my-orders.projection.js';
export { accountsMigrations } from './openid/login-attempts.js';
export { userFromLog, userToLog } from './users/user-log.js';
export type { AccountsOptions, OpenIdSettings, ProfileFormInput, ProfileRules } from './tokens.js';
export { SIGNED_UP_COOKIE, signedUpCookie } from './openid/login-cookie.js';
