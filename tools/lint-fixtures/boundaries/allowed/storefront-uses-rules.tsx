// lint as: apps/storefront/src/fixture.tsx
// Allowed: the storefront's three workspace imports.
import { validateBooking } from '@ticketing/sales/booking-rules';
import { bundleFor } from '@ticketing/i18n';
import { getEvent } from '@ticketing/api-client';
export const x = [validateBooking, bundleFor, getEvent];
