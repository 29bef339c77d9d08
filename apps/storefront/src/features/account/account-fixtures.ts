import type { OrderGroup, User } from '../../api/user-queries';
import { createTestContext } from '../../test/test-context';
import { openIdEnabledAtom } from '../auth';

/** Test data for the account pages in the wire shapes of reference/public-api.md 3.6. */
export const USER_API = '/api/v2/public/user';

export function makeUser(overrides: Partial<User> = {}): User {
  return { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.org', external: true, profile: null, ...overrides };
}

export function makeProfile(overrides: Partial<NonNullable<User['profile']>['billingDetails']> = {}, additionalData: NonNullable<User['profile']>['additionalData'] = {}): NonNullable<User['profile']> {
  return {
    billingDetails: {
      companyName: null,
      addressLine1: 'Analytical Street 1',
      addressLine2: null,
      zip: '8000',
      city: 'Zürich',
      state: null,
      country: 'CH',
      taxId: null,
      hasTaxId: false,
      invoicingAdditionalInfo: { empty: true, italianEInvoicing: null },
      ...overrides,
    },
    additionalData,
    skipVatNr: false,
  };
}

type Order = OrderGroup['reservations'][number];

export function makeOrder(id: string, overrides: Partial<Order> = {}): Order {
  return {
    id,
    status: 'COMPLETE',
    formattedConfirmedOn: { en: '27 November 2026', de: '27. November 2026' },
    formattedCreatedOn: { en: '27 November 2026' },
    formattedExpiresOn: null,
    invoiceNumber: null,
    items: [{ id: `${id}-t1`, firstName: 'Ada', lastName: 'Lovelace', type: { en: 'Regular', de: 'Normal' } }],
    finalPrice: 0,
    currencyCode: 'CHF',
    usedVatPercent: null,
    vatStatus: null,
    ...overrides,
  } as Order;
}

export function makeOrderGroup(publicIdentifier: string, reservations: Order[], overrides: Partial<OrderGroup> = {}): OrderGroup {
  return {
    type: 'event',
    publicIdentifier,
    title: { en: 'Winter Festival', de: 'Winterfest' },
    formattedStartDate: { en: '12 December 2026' },
    formattedEndDate: null,
    sameDay: true,
    reservations,
    ...overrides,
  };
}

/** A test context with login on, as the Alfio-OpenId-Enabled header of a first GET would have set it. */
export function loginOnContext() {
  const context = createTestContext({ lang: 'en' });
  context.store.set(openIdEnabledAtom, true);
  return context;
}

/** The user calls answered: signed in as `user` (null: anonymous, 204), with `orders` ([]: 204), login on. */
export function accountApi(user: User | null, orders: OrderGroup[] = [], enabled = true) {
  return {
    [`${USER_API}/authentication-enabled`]: enabled,
    [`GET ${USER_API}/me`]: user ? user : { status: 204 },
    [`${USER_API}/reservations`]: orders.length ? orders : { status: 204 },
    [`/api/v2/public/events`]: [],
    [`/api/v2/public/subscriptions`]: [],
  };
}
