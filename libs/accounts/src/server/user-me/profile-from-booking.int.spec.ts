import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeField } from '@ticketing/catalog/contracts';
import { attendeeField, catalogEvent, eventDetails, localDaysFrom, ticketCategory } from '@ticketing/testing/catalog-events';
import type { TestApp } from '@ticketing/testing/app';
import { userIdOf } from '../users/user-id.js';
import { anonymous, signedIn, startAccountsApp, type Visitor } from './account.fixtures.js';

const CONFERENCE = 'conference';
const now = new Date();
const inConference = <T extends object>(data: T) => ({ eventShortName: CONFERENCE, ...data });
const field = (name: string, overrides: Partial<AttendeeField>) =>
  catalogEvent({ type: 'AttendeeFieldAdded', data: inConference({ field: attendeeField({ name, required: false, ...overrides }) }) });

const invoice = {
  invoiceRequested: true,
  addCompanyBillingDetails: true,
  billingAddressCompany: 'Analytical Engines Ltd',
  billingAddressLine1: '12 St James Square',
  billingAddressZip: 'SW1Y 4JU',
  billingAddressCity: 'London',
  vatCountryCode: 'GB',
  vatNr: 'GB123456789',
};

const billingDetails = {
  companyName: 'Analytical Engines Ltd',
  addressLine1: '12 St James Square',
  addressLine2: null,
  zip: 'SW1Y 4JU',
  city: 'London',
  state: null,
  country: 'GB',
  taxId: 'GB123456789',
  invoicingAdditionalInfo: { italianEInvoicing: null, empty: true },
  hasTaxId: true,
};

type Holder = { email: string; firstName: string; lastName: string; additional: Record<string, string[]> };

/** The reservation's ticket ids, in its order. */
async function ticketsOf(visitor: Visitor, reservationId: string): Promise<string[]> {
  const info = (await visitor.call('GET', `/reservation/${reservationId}`)).body as { ticketsByCategory: { tickets: { uuid: string }[] }[] };
  return info.ticketsByCategory.flatMap((c) => c.tickets).map((t) => t.uuid);
}

async function validate(visitor: Visitor, reservationId: string, contact: object, holders: Holder[], ignoreWarnings = false) {
  const ids = await ticketsOf(visitor, reservationId);
  const tickets = Object.fromEntries(ids.map((id, i) => [id, holders[i]!]));
  return visitor.call('POST', `/reservation/${reservationId}/validate-to-overview?lang=en&ignoreWarnings=${ignoreWarnings}`, { ...contact, tickets });
}

describe('a booking validated while signed in saves the buyer\'s profile (reference 3.3 item 20, "public-user profile saved")', () => {
  let app: TestApp;
  let stop: () => Promise<void>;
  let issuer: string;
  let ada: Visitor;
  let grace: Visitor;
  const ada1 = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
  const profileSaves = async () => (await app.store.readAll()).filter((e) => e.type === 'UserProfileSaved').length;

  beforeAll(async () => {
    const started = await startAccountsApp();
    ({ app, stop } = started);
    issuer = started.provider.issuer;
    await app.given(`event-${CONFERENCE}`, [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: CONFERENCE, title: { en: 'Conference' }, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en', 'it'] }) },
      }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inConference({ category: ticketCategory({ id: 1, key: 'regular', price: 2000, maxPerReservation: 5 }) }) }),
      field('company', { type: 'input:text', label: { en: 'Company', it: 'Azienda' }, ordinal: 1 }),
      field('role', { type: 'input:text', label: { en: 'Role', it: 'Ruolo' }, ordinal: 2 }),
      field('diet', { type: 'select', restrictedValues: ['vegan', 'none'], label: { en: 'Diet' }, ordinal: 3 }),
    ]);
    ada = await signedIn(app, 'ada@example.org', 'lovelace');
    grace = await signedIn(app, 'grace@example.org', 'hopper');
  });
  afterAll(() => stop?.());

  async function reserve(visitor: Visitor, amount: number): Promise<string> {
    const { status, body } = await visitor.call('POST', `/event/${CONFERENCE}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount }] });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.value as string;
  }

  it('writes no profile for an anonymous buyer', async () => {
    const visitor = await anonymous(app);
    const reservationId = await reserve(visitor, 1);
    const before = await profileSaves();
    const validated = await validate(visitor, reservationId, { ...ada1, ...invoice }, [{ ...ada1, additional: { company: ['Analytical Engines'] } }]);
    expect(validated.status, validated.text).toBe(200);
    expect(await profileSaves()).toBe(before);
    expect((await ada.call('GET', '/user/me')).body.profile).toBeNull();
  });

  it('saves the invoice address and the answers of the buyer\'s own ticket with their labels, in the booking\'s own append', async () => {
    const reservationId = await reserve(ada, 2);
    const bob = { firstName: 'Bob', lastName: 'Babbage', email: 'bob@example.org', additional: { company: ['Difference Engines'], role: ['Engineer'] } };
    // her own ticket is the second: the one held by the account's e-mail (in another case), not the first
    const own = { ...ada1, email: 'ADA@example.org', additional: { company: ['Analytical Engines'], role: [' '], diet: ['vegan'] } };
    const validated = await validate(ada, reservationId, { ...ada1, ...invoice }, [bob, own]);
    expect(validated.status, validated.text).toBe(200);
    expect(validated.body).toMatchObject({ success: true, value: true, warnings: [] });

    expect((await ada.call('GET', '/user/me')).body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailAddress: 'ada@example.org',
      // only the free-text fields answered (alf.io keeps input:text answers): a blank role says nothing, a choice is the event's
      profile: { billingDetails, additionalData: { company: { label: { en: 'Company', it: 'Azienda' }, values: ['Analytical Engines'] } }, skipVatNr: false },
      external: true,
    });

    // the profile (personal data under the user's subject) was appended with the booking's validation, in one append
    const userId = userIdOf(issuer, 'ada');
    const saved = (await app.store.readStream(`user-${userId}`)).filter((e) => e.type === 'UserProfileSaved');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.data).toEqual({ userId });
    expect(saved[0]!.personal).toMatchObject({ subjectId: userId, erased: false });
    const validation = (await app.store.readStream(`reservation-${reservationId}`)).find((e) => e.type === 'BookingValidated')!;
    expect(saved[0]!.metadata.correlationId).toBe(validation.metadata.correlationId);
    expect(saved[0]!.position).toBe(validation.position + 1n);
  });

  it('keeps the saved address when the next booking asks for no invoice, and replaces the answers it gives', async () => {
    const reservationId = await reserve(ada, 1);
    const validated = await validate(ada, reservationId, { ...ada1, invoiceRequested: false }, [{ ...ada1, additional: { role: ['Mathematician'] } }]);
    expect(validated.status, validated.text).toBe(200);
    const { profile } = (await ada.call('GET', '/user/me')).body;
    expect(profile.billingDetails).toEqual(billingDetails);
    expect(profile.additionalData).toEqual({
      company: { label: { en: 'Company', it: 'Azienda' }, values: ['Analytical Engines'] },
      role: { label: { en: 'Role', it: 'Ruolo' }, values: ['Mathematician'] },
    });
  });

  it('saves nothing while the booking has errors, or warnings the buyer has not accepted; once accepted, it saves', async () => {
    const reservationId = await reserve(grace, 1);
    const holder = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', additional: { company: ['US Navy'] } };
    const before = await profileSaves();

    const refused = await validate(grace, reservationId, { ...holder, ...invoice, billingAddressZip: '' }, [holder]);
    expect(refused.status, refused.text).toBe(422);
    // an e-mail without a top-level domain is a warning (error.STEP_2_EMAIL_TYPO): the booking is not validated yet
    const typo = { ...holder, email: 'grace@example', ...invoice };
    const warned = await validate(grace, reservationId, typo, [holder]);
    expect(warned.status, warned.text).toBe(200);
    expect(warned.body.warnings.map((w: { code: string }) => w.code)).toEqual(['error.STEP_2_EMAIL_TYPO']);
    expect(await profileSaves()).toBe(before);
    expect((await grace.call('GET', '/user/me')).body.profile).toBeNull();

    const accepted = await validate(grace, reservationId, typo, [holder], true);
    expect(accepted.status, accepted.text).toBe(200);
    const { profile } = (await grace.call('GET', '/user/me')).body;
    expect(profile).toEqual({ billingDetails, additionalData: { company: { label: { en: 'Company', it: 'Azienda' }, values: ['US Navy'] } }, skipVatNr: false });
  });

  it('records nothing more when the same booking is validated again', async () => {
    const reservationId = await reserve(grace, 1);
    const holder = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', additional: { company: ['US Navy'] } };
    const before = await profileSaves();
    expect((await validate(grace, reservationId, { ...holder, ...invoice }, [holder])).status).toBe(200);
    expect(await profileSaves()).toBe(before);
  });
});
