// The local OpenID provider of `npm start` and the tests (not part of the application).
export { startLocalOpenIdProvider, type LocalClient, type LocalOpenIdProvider, type LocalOpenIdProviderOptions } from './local-openid-provider.js';
export { DEMO_USERS, type DemoUser } from './demo-users.js';
