/** Injection tokens of the platform's shared resources. */
export const DB = Symbol('DB');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
export const SESSION_SECRET = Symbol('SESSION_SECRET');
