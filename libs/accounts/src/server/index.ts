export { AccountsModule, type AccountsModuleAsyncOptions } from './accounts.module.js';
export { accountsProjections, accountsProjection, USERS_TABLE, SESSIONS_TABLE } from './read-models/accounts.projection.js';
export { accountsMigrations } from './openid/login-attempts.js';
export { userFromLog, userToLog } from './users/user-log.js';
export type { AccountsOptions, OpenIdSettings } from './tokens.js';
