// lint as: libs/kernel/src/fixture.ts
// Violates: the kernel depends on nothing.
import { bundleFor } from '@ticketing/i18n';
export const x = bundleFor;
