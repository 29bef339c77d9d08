// lint as: libs/sales/src/server/fixture.int.spec.ts
// Allowed: a spec file starts the application through the test harness.
import { startTestApp } from '@ticketing/testing/app';
export const x = startTestApp;
