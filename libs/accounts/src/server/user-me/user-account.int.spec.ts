import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationOpening, type TestApp } from '@ticketing/testing/app';
import { userIdOf } from '../users/user-id.js';
import { CommandBus } from '@nestjs/cqrs';
import { ExpireReservationsCommand, OfferReleasedSeatsCommand } from '@ticketing/sales/server';
import { anonymous, FULL_HOUSE, MEETUP, PASS, signedIn, startAccountsApp, type Visitor } from './account.fixtures.js';

const address = { billingAddressLine1: '12 St James Square', billingAddressZip: 'SW1Y 4JU', billingAddressCity: 'London', vatCountryCode: 'GB' };

describe('the signed-in user: profile, ownership of orders, my orders (reference 3.6 items 43, 44, 48)', () => {
  let app: TestApp;
  let stop: () => Promise<void>;
  let ada: Visitor;
  let grace: Visitor;
  let issuer: string;
  let mails: { to: string[]; text: string }[];

  beforeAll(async () => {
    const started = await startAccountsApp();
    ({ app, stop } = started);
    issuer = started.provider.issuer;
    mails = started.mails.mails;
    ada = await signedIn(app, 'ada@example.org', 'lovelace');
    grace = await signedIn(app, 'grace@example.org', 'hopper');
  });
  afterAll(() => stop?.());

  describe('profile', () => {
    it('answers 204 and 401 to an anonymous visitor', async () => {
      const visitor = await anonymous(app);
      expect((await visitor.call('GET', '/user/me')).status).toBe(204);
      const post = await visitor.call('POST', '/user/me', { firstName: 'Ada', lastName: 'Lovelace' });
      expect(post.status).toBe(401);
      expect((await visitor.call('DELETE', '/user/me')).status).toBe(401);
    });

    it('refuses a profile that breaks the booking step\'s rules, with the wire\'s validationErrors, and saves nothing', async () => {
      const refused = await ada.call('POST', '/user/me', { firstName: ' ', lastName: 'L'.repeat(256), billingAddressLine1: '12 St James Square', vatCountryCode: 'XX' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ success: false, value: null });
      expect(refused.body.validationErrors.map((e: { fieldName: string; code: string }) => `${e.fieldName}:${e.code}`)).toEqual([
        'firstName:error.STEP_2_EMPTY_FIRSTNAME',
        'lastName:error.STEP_2_MAX_LENGTH_LASTNAME',
        'billingAddressZip:error.emptyField',
        'billingAddressCity:error.emptyField',
        'vatCountryCode:error.restrictedValue',
      ]);
      expect(refused.body.errorCount).toBe(5);
      expect((await ada.call('GET', '/user/me')).body.profile).toBeNull();
    });

    it('saves names, invoice address and additional data; the e-mail stays the account\'s; GET /user/me then carries what the booking step prefills', async () => {
      const saved = await ada.call('POST', '/user/me', {
        email: 'someone.else@example.org',
        firstName: 'Augusta Ada',
        lastName: 'King',
        addCompanyBillingDetails: true,
        billingAddressCompany: 'Analytical Engines Ltd',
        vatNr: 'GB123456789',
        ...address,
        additionalInfo: { diet: 'vegetarian', days: ['fri', 'sat'] },
      });
      expect(saved.status, saved.text).toBe(200);
      const expected = {
        firstName: 'Augusta Ada',
        lastName: 'King',
        emailAddress: 'ada@example.org',
        profile: {
          billingDetails: {
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
          },
          additionalData: { diet: { label: {}, values: ['vegetarian'] }, days: { label: {}, values: ['fri', 'sat'] } },
          skipVatNr: false,
        },
        external: true,
      };
      expect(saved.body).toEqual({ success: true, errorCount: 0, validationErrors: [], value: expected, warnings: [] });
      expect((await ada.call('GET', '/user/me')).body).toEqual(expected);

      // on the user's stream, the profile is personal data under the user's subject, nothing of it in clear
      const userId = userIdOf(issuer, 'ada');
      const [event] = (await app.store.readStream(`user-${userId}`)).filter((e) => e.type === 'UserProfileSaved');
      expect(event!.data).toEqual({ userId });
      expect(event!.personal).toMatchObject({ subjectId: userId, erased: false, data: { profile: { lastName: 'King' } } });
    });

    it('keeps "no VAT number" of a company address: /user/me says so, and the same form saves again', async () => {
      const company = { firstName: 'Grace', lastName: 'Hopper', invoiceRequested: true, addCompanyBillingDetails: true, billingAddressCompany: 'Eckert-Mauchly Corp', vatNr: '', ...address };
      // without the box, a company address needs its VAT number
      const asked = await grace.call('POST', '/user/me', { ...company, skipVatNr: false });
      expect(asked.status).toBe(422);
      expect(asked.body.validationErrors.map((e: { fieldName: string }) => e.fieldName)).toEqual(['vatNr']);

      const saved = await grace.call('POST', '/user/me', { ...company, skipVatNr: true });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.value.profile).toMatchObject({ skipVatNr: true, billingDetails: { companyName: 'Eckert-Mauchly Corp', taxId: null, hasTaxId: false } });
      const read = (await grace.call('GET', '/user/me')).body;
      expect(read.profile).toMatchObject({ skipVatNr: true, billingDetails: { companyName: 'Eckert-Mauchly Corp', taxId: null } });
      // what the profile page sends back from what it read
      const again = await grace.call('POST', '/user/me', { ...company, skipVatNr: read.profile.skipVatNr });
      expect(again.status, again.text).toBe(200);
      expect(again.body.value.profile.skipVatNr).toBe(true);
    });

    it('saves a profile without an address (names only)', async () => {
      const saved = await grace.call('POST', '/user/me', { firstName: 'Grace', lastName: 'Hopper' });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.value.profile.billingDetails).toMatchObject({ addressLine1: null, country: null, hasTaxId: false });
    });

    it('reads the blank fields a form sends (the storefront\'s) as not given: no Italian e-invoicing asked of a German address', async () => {
      const blanks = { billingAddressCompany: '', billingAddressLine2: '', billingAddressState: '', vatNr: '', italyEInvoicingFiscalCode: '', italyEInvoicingReferenceAddresseeCode: '', italyEInvoicingReferencePEC: '' };
      const saved = await grace.call('POST', '/user/me', { firstName: 'Grace', lastName: 'Hopper', billingAddressLine1: 'Unter den Linden 1', billingAddressZip: '10117', billingAddressCity: 'Berlin', vatCountryCode: 'DE', ...blanks });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.validationErrors).toEqual([]);
      expect(saved.body.value.profile.billingDetails).toMatchObject({ addressLine1: 'Unter den Linden 1', addressLine2: null, companyName: null, invoicingAdditionalInfo: { italianEInvoicing: null, empty: true } });
    });

    it('keeps of Italian e-invoicing the reference its type names (the addressee code or the PEC), as the booking step does', async () => {
      const saved = await grace.call('POST', '/user/me', {
        firstName: 'Grace',
        lastName: 'Hopper',
        billingAddressLine1: 'Via Roma 1',
        billingAddressZip: '00100',
        billingAddressCity: 'Roma',
        billingAddressState: 'RM',
        vatCountryCode: 'IT',
        italyEInvoicingFiscalCode: 'RSSMRA85T10A562S',
        italyEInvoicingReferenceType: 'ADDRESSEE_CODE',
        italyEInvoicingReferenceAddresseeCode: 'ABCDEF1',
        italyEInvoicingReferencePEC: 'grace@pec.example.it',
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.value.profile.billingDetails.invoicingAdditionalInfo.italianEInvoicing).toMatchObject({ referenceType: 'ADDRESSEE_CODE', addresseeCode: 'ABCDEF1', pec: null });
    });
  });

  describe('ownership', () => {
    let adas: string;
    let anonymousOrder: string;
    beforeAll(async () => {
      adas = await ada.reserveTickets(2);
      anonymousOrder = await (await anonymous(app)).reserveTickets(1);
    });

    it('records the signed-in buyer as the owner, and an anonymous buyer as none', async () => {
      const opened = await reservationOpening(app.store, adas);
      expect(opened!.data.ownerUserId).toBe(userIdOf(issuer, 'ada'));
      const anon = await reservationOpening(app.store, anonymousOrder);
      expect(anon!.data.ownerUserId).toBeNull();
    });

    it('lets the owner read and change it', async () => {
      expect((await ada.call('GET', `/reservation/${adas}`)).status).toBe(200);
      expect((await ada.call('POST', `/reservation/${adas}/back-to-booking`)).status).toBe(200);
    });

    it('answers another signed-in user 401, reading or changing it, with the reference\'s text', async () => {
      const read = await grace.call('GET', `/reservation/${adas}`);
      expect(read.status).toBe(401);
      expect(read.text).toBe('Access to this reservation has been denied');
      expect(String(read.headers['content-type'])).toMatch(/^text\/plain/);
      const validate = await grace.call('POST', `/reservation/${adas}/validate-to-overview?lang=en`, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' });
      expect(validate.status).toBe(401);
      expect((await grace.call('DELETE', `/reservation/${adas}`)).status).toBe(401);
      for (const lookup of ['applicable', 'selected']) expect((await grace.call('GET', `/reservation/${adas}/${lookup}-custom-payment-method-details`)).status, lookup).toBe(401);
      // still there, untouched
      expect((await ada.call('GET', `/reservation/${adas}`)).body).toMatchObject({ status: 'PENDING', email: null });
    });

    it('answers an anonymous caller 401 too, with or without a session (reference 7: anonymous access denied for owned reservation)', async () => {
      const visitor = await anonymous(app);
      const read = await visitor.call('GET', `/reservation/${adas}`);
      expect(read.status).toBe(401);
      expect(read.text).toBe('Access to this reservation has been denied');
      expect((await visitor.call('POST', `/reservation/${adas}/back-to-booking`)).status).toBe(401);
      expect((await visitor.call('DELETE', `/reservation/${adas}`)).status).toBe(401);
      // a first call, without a session yet (one is made for it)
      expect((await app.inject({ method: 'GET', url: `/api/v2/public/reservation/${adas}` })).statusCode).toBe(401);
      // the status lookup checks nothing (reference 17): the storefront learns which page to show, then asks for a login
      expect((await visitor.call('GET', `/reservation/${adas}/status`)).status).toBe(200);
      expect((await ada.call('GET', `/reservation/${adas}`)).body).toMatchObject({ status: 'PENDING' });
    });

    it('keeps an anonymous order open to everyone by its id (the bearer secret)', async () => {
      expect((await (await anonymous(app)).call('GET', `/reservation/${anonymousOrder}`)).status).toBe(200);
      expect((await grace.call('GET', `/reservation/${anonymousOrder}`)).status).toBe(200);
    });

    it('owns a ticket reserved through a category\'s code link while signed in', async () => {
      const link = await app.inject({ method: 'GET', url: `/api/v2/public/event/${MEETUP}/code/SPEAKER`, headers: grace.headers });
      expect(link.statusCode).toBe(307);
      const reservationId = /\/reservation\/([0-9a-f-]{36})\/book$/.exec(String(link.headers.location))?.[1];
      expect(reservationId).toBeDefined();
      const opened = await reservationOpening(app.store, reservationId!);
      expect(opened!.data.ownerUserId).toBe(userIdOf(issuer, 'grace'));
      expect((await ada.call('GET', `/reservation/${reservationId}`)).status).toBe(401);
      await grace.call('DELETE', `/reservation/${reservationId}`);
    });

    it('owns a pass bought while signed in too', async () => {
      const pass = await grace.reservePass();
      const opened = await reservationOpening(app.store, pass);
      expect(opened!.data.ownerUserId).toBe(userIdOf(issuer, 'grace'));
      expect((await ada.call('GET', `/reservation/${pass}`)).status).toBe(401);
      expect((await grace.call('GET', `/reservation/${pass}`)).status).toBe(200);
    });
  });

  describe('my orders', () => {
    it('answers 204 to an anonymous visitor and to a user without orders', async () => {
      expect((await (await anonymous(app)).call('GET', '/user/reservations')).status).toBe(204);
      const margaret = await signedIn(app, 'margaret@example.org', 'apollo');
      expect((await margaret.call('GET', '/user/reservations')).status).toBe(204);
    });

    it('groups the user\'s orders by purchase context, newest first, with status, dates, items and total', async () => {
      const visitor = await signedIn(app, 'ada@example.org', 'lovelace');
      const completed = await visitor.reserveTickets(1);
      await visitor.complete(completed, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
      const pass = await visitor.reservePass();

      const { status, body } = await visitor.call('GET', '/user/reservations');
      expect(status).toBe(200);
      expect(body.map((g: { type: string; publicIdentifier: string }) => `${g.type}/${g.publicIdentifier}`)).toEqual([`subscription/${PASS}`, `event/${MEETUP}`]);
      const [passes, meetup] = body;
      expect(passes).toMatchObject({ title: { en: 'Season pass', it: 'Abbonamento' }, formattedStartDate: null, sameDay: false });
      // in the pass's content languages' order: a page in another language shows one language for its texts (an audit)
      expect(Object.keys(passes.title)).toEqual(['it', 'en']);
      expect(Object.keys(passes.reservations[0].items[0].type)).toEqual(['it', 'en']);
      expect(passes.reservations).toEqual([
        expect.objectContaining({ id: pass, status: 'PENDING', formattedConfirmedOn: null, finalPrice: 0, items: [{ id: expect.any(String), firstName: null, lastName: null, type: { en: 'Season pass', it: 'Abbonamento' } }] }),
      ]);
      expect(meetup).toMatchObject({ title: { en: 'Meetup' }, sameDay: true });
      // a date is no content: in every language of the storefront, as an event's dates are (a German page, a German date)
      expect(Object.keys(meetup.formattedStartDate).sort()).toEqual(['de', 'en', 'fr', 'it']);
      expect(meetup.formattedStartDate.de).not.toBe(meetup.formattedStartDate.en);
      // the completed order, then the pending one of the ownership specs (other users' orders are not here)
      expect(meetup.reservations.map((r: { status: string }) => r.status)).toEqual(['COMPLETE', 'PENDING']);
      const [done] = meetup.reservations;
      expect(done).toMatchObject({ id: completed, finalPrice: 0, currencyCode: 'CHF', vatStatus: expect.any(String), invoiceNumber: null });
      expect(done.formattedConfirmedOn.en).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
      expect(done.items).toEqual([{ id: expect.any(String), firstName: 'Ada', lastName: 'Lovelace', type: { en: 'Free entry' } }]);
      expect(meetup.reservations[1].items).toHaveLength(2);

      // Grace sees only hers: her pass; the code link's order she cancelled is gone (its page answers 404)
      const graces = (await grace.call('GET', '/user/reservations')).body;
      expect(graces.map((g: { type: string }) => g.type)).toEqual(['subscription']);
    });

    it('leaves out an order once it expired, as its page is gone too (run last: the sweep expires every pending order)', async () => {
      const visitor = await signedIn(app, 'margaret@example.org', 'apollo');
      const reservationId = await visitor.reserveTickets(1);
      const listed = (await visitor.call('GET', '/user/reservations')).body;
      expect(listed[0].reservations).toEqual([expect.objectContaining({ id: reservationId, status: 'PENDING' })]);

      await app.settle(); // the sweep reads the reservations read model
      expect((await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 26 * 60_000)))).expired).toBeGreaterThan(0);
      expect((await visitor.call('GET', `/reservation/${reservationId}`)).status).toBe(404);
      expect((await visitor.call('GET', '/user/reservations')).status).toBe(204);
    });
  });

  describe('a seat offered from the waiting list', () => {
    it('belongs to the signed-in person who joined the list: in their orders, refused to another user', async () => {
      const holder = await anonymous(app);
      const only = await holder.reserveTickets(1, FULL_HOUSE);
      const form = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
      expect((await grace.call('POST', `/event/${FULL_HOUSE}/waiting-list/subscribe`, form)).body.value).toBe(true);
      expect((await holder.call('DELETE', `/reservation/${only}`)).status).toBe(200);
      expect(await app.app.get(CommandBus).execute(new OfferReleasedSeatsCommand())).toEqual({ offered: 1 });

      const [joined] = await app.store.readStream(`waiting-list-${FULL_HOUSE}`);
      expect(joined!.data.ownerUserId).toBe(userIdOf(issuer, 'grace'));
      const offered = (await app.store.readStream(`waiting-list-${FULL_HOUSE}`)).find((e) => e.type === 'WaitingListOffered');
      const reservationId = String(offered?.data.reservationId);
      const opened = await reservationOpening(app.store, reservationId);
      expect(opened!.data.ownerUserId).toBe(userIdOf(issuer, 'grace'));

      const graces = (await grace.call('GET', '/user/reservations')).body as { publicIdentifier: string; reservations: { id: string; status: string }[] }[];
      expect(graces.find((g) => g.publicIdentifier === FULL_HOUSE)?.reservations).toEqual([expect.objectContaining({ id: reservationId, status: 'PENDING' })]);
      expect((await ada.call('GET', `/reservation/${reservationId}`)).status).toBe(401);
      expect((await grace.call('GET', `/reservation/${reservationId}`)).status).toBe(200);
      // the offer's link is e-mailed to her; opened where she is not signed in, the order is refused until she logs in
      expect(mails.filter((m) => m.to.includes('grace@example.org')).map((m) => m.text.includes(reservationId))).toEqual([true]);
      expect((await (await anonymous(app)).call('GET', `/reservation/${reservationId}`)).status).toBe(401);
    });
  });
});
