export * from './validated-response.js';
export * from './configuration.schemas.js';
export * from './ticket.schemas.js';
export * from './serialized-response.js';
export * from './zod-response.js';
export { identifier, shortNameParam, langParam, uuidParam, optionalQuery, repeatableQuery, wireInteger, optionalWireInteger } from './request-schemas.js';
export { OrganizerApiKeys } from './organizer-auth/organizer-api-keys.js';
export { OrganizerApiKeyGuard, AuthenticatedOrganizer } from './organizer-auth/organizer-api-key.guard.js';
export { actorOf, type SessionRequest } from './actor.js';
