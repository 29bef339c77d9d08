/** Injection tokens of the catalog's server side; the composition root (apps/api) provides their values. */
export const ORGANIZER_API_OPTIONS = Symbol('ORGANIZER_API_OPTIONS');
