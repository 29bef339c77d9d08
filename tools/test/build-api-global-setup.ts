import { buildApp } from './build-app.js';

/** Vitest global setup of the system tests: they start dist/api/main.js themselves, so it has to be current. */
export function setup(): void {
  buildApp(['api'], 'the system tests');
}
