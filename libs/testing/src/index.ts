// Test harnesses without a server: the decider specification and builders of catalog data. Spec files only
// (lint: boundaries/enforce). The application harness is `@ticketing/testing/app`.
export { deciderSpec } from './decider-specification.js';
