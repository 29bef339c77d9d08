import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from './client/alfio-api.js';
import type { AdditionalField, Ticket } from './client/alfio-models.js';
import { moveAdditionalService, overviewForm, reservationForm, reserveRequestOf, submittedBookingForm, tick, type Answers } from './client/alfio-forms.js';
import { errorsShownOn, expectStatus } from './support/client-reads.js';
import { givenCatalog, summit } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

const fieldsOf = (ticket: Ticket): AdditionalField[] => [...ticket.ticketFieldConfigurationBeforeStandard, ...ticket.ticketFieldConfigurationAfterStandard];
const fieldNamed = (ticket: Ticket, name: string) => fieldsOf(ticket).find((f) => f.name === name)!;
/** What the form holds once rebuilt from the server's answers: '' and null are both "no value" to the client. */
const asPrefilled = (answers: Answers) => Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.map((x) => (x === '' ? null : x))]));

/**
 * The booking step of an event asking every type of question, optional ones left as the client leaves them (null,
 * or "" once typed and cleared), and supplements with questions of their own: the items come linked to tickets,
 * the client groups them by ticket UUID, the visitor moves one to the other ticket. Then back from the overview,
 * the form is built again from what the server kept, and the order goes through.
 */
describe('alf.io client: attendee questions and supplements', () => {
  let contract: ContractApp;
  beforeAll(async () => {
    contract = await startContractApp();
    await givenCatalog(contract.app, summit);
  });
  afterAll(() => contract?.close());

  it('books two tickets with every type of question, supplements grouped and moved, and confirms', async () => {
    const tab = contract.tab();
    const { event, items } = await tab.eventPage(summit.shortName);
    expect(items.additionalServices.map((s) => [s.id, s.type, s.supplementPolicy]), 'ticket categories: additionalServices').toEqual([
      [1, 'SUPPLEMENT', 'OPTIONAL_MAX_AMOUNT_PER_TICKET'],
      [2, 'SUPPLEMENT', 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION'],
      [3, 'SUPPLEMENT', 'MANDATORY_ONE_FOR_TICKET'],
      [4, 'DONATION', null],
    ]);

    // one of each category as the old client sends them, two T-shirts, parking, a donation; the mandatory fee has no input
    const form = reservationForm(items, { tickets: { 1: '1', 2: '1' }, services: { 1: 2, 2: 1, 4: 12.5 } });
    expect(form.additionalService, 'the additional services as the form holds them').toEqual([
      { additionalServiceId: 1, quantity: 2 },
      { additionalServiceId: 2, quantity: 1 },
      { additionalServiceId: 3, quantity: null },
      { additionalServiceId: 4, amount: 12.5 },
    ]);
    expectStatus('dynamic discount (the unfiltered form, null quantity included)', await api.checkDynamicDiscountAvailability(tab.page, summit.shortName, form), 204);
    expect(reserveRequestOf(form).additionalService.map((s) => s.additionalServiceId), 'reserve: entries above 0 only').toEqual([1, 2, 4]);
    const id = await tab.reserve(summit.shortName, form);

    const { view, form: booking } = await tab.bookingPage(summit.shortName, id);
    const [conference, student] = view.ticketsByCategory.map((c) => c.tickets[0]!);
    expect([conference, student].every(Boolean), 'booking page: one ticket per category').toBe(true);
    const uuids = [conference!.uuid, student!.uuid];
    expect(conference!.ticketFieldConfigurationBeforeStandard.map((f) => f.name), 'booking page: ticketFieldConfigurationBeforeStandard.name').toEqual(['company']);
    expect(fieldsOf(conference!).map((f) => f.type), 'booking page: the conference ticket asks every type but the date of birth').toEqual([
      'input:text',
      'input:tel',
      'textarea',
      'select',
      'select',
      'radio',
      'checkbox',
      'checkbox',
      'country',
      'vat:eu',
    ]);
    expect(fieldsOf(student!).map((f) => f.name), 'booking page: the student ticket adds the date of birth').toContain('birth');
    // one input per value: a checkbox group one per choice, any other question one at index 0, nothing answered yet
    expect(fieldNamed(conference!, 'days').fields.map((f) => f.fieldIndex), 'booking page: fields of a checkbox group').toEqual([0, 1, 2]);
    expect(fieldNamed(conference!, 'phone').fields, 'booking page: fields of an unanswered question').toEqual([{ fieldIndex: 0, fieldValue: null }]);

    // every item is linked to a ticket from the start: the client groups them by ticket, never under "null"
    const byService = (serviceId: number) => view.additionalServiceWithData.filter((i) => i.serviceId === serviceId);
    expect(view.additionalServiceWithData.every((i) => i.ticketUUID !== null && uuids.includes(i.ticketUUID)), 'booking page: additionalServiceWithData.ticketUUID').toBe(true);
    expect(byService(1).map((i) => i.ticketUUID), 'booking page: the T-shirts, one per ticket in turn').toEqual(uuids);
    expect(byService(3).map((i) => i.ticketUUID), 'booking page: the fee, one per ticket').toEqual(uuids);
    expect(byService(1)[0]!.ticketFieldConfiguration.map((f) => f.name), 'booking page: a T-shirt asks its own questions').toEqual(['shirtSize', 'shirtName']);
    expect(byService(1)[0]!.ticketFieldConfiguration[0]!.fields, 'booking page: fields of an unanswered item question').toEqual([{ fieldIndex: 0, fieldValue: '' }]);
    expect(Object.keys(booking.additionalServices).sort(), 'booking form: additionalServices keyed by ticket UUID').toEqual([...uuids].sort());
    expect(booking.tickets[uuids[0]!]!.additional, 'booking form: the questions as the client builds them').toEqual({
      company: [null],
      phone: [null],
      notes: [null],
      track: [null],
      diet: [null],
      source: [null],
      days: [null, null, null],
      newsletter: [null],
      country: [null],
      vat: [null],
    });
    expect(booking.tickets[uuids[0]!]!.userLanguage, 'booking form: the only content language').toBe('en');

    // the visitor fills in the contact and the tickets, required questions first left empty
    booking.firstName = 'Grace';
    booking.lastName = 'Hopper';
    booking.email = 'grace@example.org';
    uuids.forEach((uuid, i) => Object.assign(booking.tickets[uuid]!, { firstName: `Attendee${i}`, lastName: 'Hopper', email: `attendee${i}@example.org` }));
    const refused = await tab.submitBooking(id, booking);
    const t0 = `tickets.${uuids[0]}.additional`;
    // the client's list for the first ticket, in the order of additionalServiceWithData: where its T-shirt is
    const shirtAt = booking.additionalServices[uuids[0]!]!.findIndex((l) => l.additionalServiceItemId === byService(1)[0]!.itemId);
    const firstShirt = `additionalServices.${uuids[0]}.${shirtAt}.additional.shirtSize.0`;
    expect(errorsShownOn(refused.answer, submittedBookingForm(booking)), 'booking submit: each error on its input').toEqual(
      expect.arrayContaining([`${t0}.company.0:error.emptyField`, `${t0}.track.0:error.emptyField`, `${t0}.country.0:error.emptyField`, `tickets.${uuids[1]}.additional.birth.0:error.emptyField`, `${firstShirt}:error.emptyField`]),
    );
    expect(errorsShownOn(refused.answer, submittedBookingForm(booking)).filter((e) => e.startsWith('global:') && !e.endsWith('STEP_2_MISSING_ATTENDEE_DATA')), 'booking submit: errors shown globally').toEqual([]);

    for (const [i, uuid] of uuids.entries()) {
      const answers = booking.tickets[uuid]!.additional;
      const ticket = i === 0 ? conference! : student!;
      answers['company'] = [`Company ${i}`];
      answers['track'] = ['data'];
      answers['country'] = ['CH'];
      tick(answers, fieldNamed(ticket, 'days'), 'mon');
      tick(answers, fieldNamed(ticket, 'days'), 'wed');
      // phone, source, newsletter and vat stay null; the first's notes are typed, then cleared; the second picks the
      // blank option of the optional select
      if (i === 0) answers['notes'] = [''];
      if (i === 1) answers['diet'] = [''];
    }
    booking.tickets[uuids[1]!]!.additional['birth'] = ['2004-05-17'];
    const links = booking.additionalServices;
    links[uuids[0]!]!.find((l) => l.additionalServiceItemId === byService(1)[0]!.itemId)!.additional['shirtSize'] = ['M'];
    const secondShirt = links[uuids[1]!]!.find((l) => l.additionalServiceItemId === byService(1)[1]!.itemId)!;
    secondShirt.additional['shirtSize'] = ['L'];
    secondShirt.additional['shirtName'] = ['GRACE'];
    expect(secondShirt.additionalServiceTitle, 'booking form: additionalServiceTitle').toEqual({ en: 'T-shirt' });
    // the second T-shirt goes to the first attendee, whose list it joins
    moveAdditionalService(booking, byService(1)[1]!.itemId, uuids[0]!);
    expect(booking.additionalServices[uuids[0]!]!.filter((l) => l.additionalServiceTitle['en'] === 'T-shirt').length, 'booking form: both T-shirts with the first attendee').toBe(2);
    const sent = submittedBookingForm(booking);
    expect(sent.tickets[uuids[0]!]!.additional['days'], 'booking form: a checkbox group with two of three ticked').toEqual(['mon', null, 'wed']);
    const { answer, warnings } = await tab.submitBooking(id, booking);
    expectStatus('booking submit', answer, 200);
    expect(warnings, 'booking submit: warnings').toEqual([]);

    // back from the overview, the form is built again from what the server kept
    await tab.overviewPage(summit.shortName, id);
    const back = await api.backToBooking(tab.page, id);
    expectStatus('overview: back to booking', back, 200);
    const again = await tab.bookingPage(summit.shortName, id);
    for (const uuid of uuids) {
      expect(again.form.tickets[uuid]!.additional, `booking form rebuilt: tickets.${uuid}.additional`).toEqual(asPrefilled(sent.tickets[uuid]!.additional));
    }
    const shirts = (uuid: string) => (again.form.additionalServices[uuid] ?? []).filter((l) => l.additionalServiceTitle['en'] === 'T-shirt');
    expect(shirts(uuids[0]!).map((l) => l.additional['shirtSize']), 'booking form rebuilt: the T-shirts where the visitor moved them').toEqual([['M'], ['L']]);
    expect(shirts(uuids[0]!)[1]!.additional['shirtName'], 'booking form rebuilt: an item answer').toEqual(['GRACE']);
    expect(shirts(uuids[1]!), 'booking form rebuilt: no T-shirt left with the second attendee').toEqual([]);
    expectStatus('booking submit again', (await tab.submitBooking(id, again.form)).answer, 200);

    const { view: overview } = await tab.overviewPage(summit.shortName, id);
    expect(overview.orderSummary.summary.map((r) => r.type), 'overview: orderSummary.summary.type').toEqual(expect.arrayContaining(['TICKET', 'ADDITIONAL_SERVICE']));
    // 200 + 50 + 2 x 25 + 15 + 2 x 3 + 12.50
    expect(overview.orderSummary.totalPrice, 'overview: orderSummary.totalPrice').toBe('333.50');
    expect(await tab.confirm(id, overviewForm(overview, event, { acceptTerms: true, acceptPrivacy: true })), 'reservation guard: route after a bank transfer').toBe('waiting-payment');
    const done = await tab.reservation('waiting-payment page', id);
    const kept = done.ticketsByCategory[0]!.tickets[0]!;
    expect(fieldNamed(kept, 'days').fields, 'waiting-payment page: the ticked boxes kept').toEqual([
      { fieldIndex: 0, fieldValue: 'mon' },
      { fieldIndex: 1, fieldValue: null },
      { fieldIndex: 2, fieldValue: 'wed' },
    ]);
    expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });
});
