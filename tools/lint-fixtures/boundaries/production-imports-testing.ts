// lint as: libs/sales/src/server/fixture.ts
// Violates: test harnesses are imported by spec files only.
import { startTestApp } from '@ticketing/testing/app';
export const x = startTestApp;
