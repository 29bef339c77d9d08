import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from './client/alfio-api.js';
import { overviewForm, reservationForm, submittedBookingForm, type ContactAndTicketsForm } from './client/alfio-forms.js';
import { errorsShownOn, expectReads, expectStatus } from './support/client-reads.js';
import { fattura, givenCatalog, invoiced } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

function fillTickets(form: ContactAndTicketsForm): void {
  Object.values(form.tickets).forEach((ticket, i) => Object.assign(ticket, { firstName: `Guest${i}`, lastName: 'Rossi', email: `guest${i}@example.org` }));
}

/**
 * The invoice part of the booking form (reservation/invoice-form/invoice-form.component.ts and .html @444c5734): a
 * Swiss business invoice, and an Italian order with e-invoicing (fattura elettronica), its errors on their inputs
 * and the fiscal-code warning the client asks the visitor to accept.
 */
describe('alf.io client: invoices', () => {
  let contract: ContractApp;
  beforeAll(async () => {
    contract = await startContractApp();
    await givenCatalog(contract.app, invoiced, fattura);
  });
  afterAll(() => contract?.close());

  it('a business invoice: company, Swiss VAT number kept as typed, shown on the overview', async () => {
    const tab = contract.tab();
    const { event, items } = await tab.eventPage(invoiced.shortName);
    expect(event.invoicingConfiguration, 'event: invoicingConfiguration').toMatchObject({ invoiceAllowed: true, onlyInvoice: false, enabledItalyEInvoicing: false });
    const id = await tab.reserve(invoiced.shortName, reservationForm(items, { tickets: { 1: 1 } }));
    const { form } = await tab.bookingPage(invoiced.shortName, id);
    expect(form.invoiceRequested, 'booking form: invoiceRequested').toBe(false);

    // ticking "I need an invoice" shows the invoice form, which loads its countries
    const countries = await api.getVatCountries(tab.page, tab.lang);
    expectStatus('invoice form: countries', countries, 200);
    expect(countries.body.some((c) => c.isoCode === 'CH'), 'invoice form: countries isoCode CH').toBe(true);
    Object.assign(form, {
      firstName: 'Charles',
      lastName: 'Babbage',
      email: 'charles@example.org',
      invoiceRequested: true,
      addCompanyBillingDetails: true,
      billingAddressCompany: 'Analytical Engines AG',
      billingAddressLine1: 'Bahnhofstrasse 1',
      billingAddressZip: '8001',
      billingAddressCity: 'Zürich',
      vatCountryCode: 'CH',
      skipVatNr: false,
    });
    fillTickets(form);
    const missing = await tab.submitBooking(id, form);
    expect(errorsShownOn(missing.answer, submittedBookingForm(form)), 'booking submit: a business without VAT number').toEqual(['vatNr:error.emptyField']);

    form.vatNr = 'CHE-123.456.788 MWST';
    expectStatus('booking submit', (await tab.submitBooking(id, form)).answer, 200);
    const { view } = await tab.overviewPage(invoiced.shortName, id);
    expect(view, 'overview').toMatchObject({ invoiceRequested: true, addCompanyBillingDetails: true, skipVatNr: false });
    expect(view.billingDetails, 'overview: billingDetails').toMatchObject({ companyName: 'Analytical Engines AG', country: 'CH', taxId: 'CHE-123.456.788 MWST', city: 'Zürich' });
    expect(view.billingAddress, 'overview: billingAddress').toContain('Analytical Engines AG');
    // a single method: preselected, no radio
    const confirmForm = overviewForm(view, event, { acceptTerms: true, acceptPrivacy: true });
    expect(confirmForm, 'overview form').toMatchObject({ selectedPaymentMethod: 'ON_SITE', paymentProxy: 'ON_SITE' });
    expect(await tab.confirm(id, confirmForm), 'reservation guard: route after an on-site order').toBe('success');
    const done = await tab.successPage(invoiced.shortName, id);
    expect(done, 'success page').toMatchObject({ status: 'COMPLETE', invoiceRequested: true });
    expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });

  it('an Italian order with e-invoicing: errors on their inputs, the fiscal-code warning accepted, the reference on the overview', async () => {
    const tab = contract.tab();
    const { event, items } = await tab.eventPage(fattura.shortName, 'it');
    expect(event.invoicingConfiguration, 'event: invoicingConfiguration').toMatchObject({ onlyInvoice: true, enabledItalyEInvoicing: true, customerReferenceEnabled: true });
    const id = await tab.reserve(fattura.shortName, reservationForm(items, { tickets: { 1: '1' } }));
    const { view: booking, form } = await tab.bookingPage(fattura.shortName, id);
    expect(form.invoiceRequested, 'booking form: invoiceRequested of an invoice-only event').toBe(true);
    expect(booking.billingDetails.invoicingAdditionalInfo.italianEInvoicing, 'booking page: billingDetails.invoicingAdditionalInfo.italianEInvoicing').toBeNull();

    Object.assign(form, {
      firstName: 'Giulia',
      lastName: 'Bianchi',
      email: 'giulia@example.it',
      addCompanyBillingDetails: true,
      billingAddressCompany: 'Rossi Software srl',
      billingAddressLine1: 'Via Roma 1',
      billingAddressZip: '2010',
      billingAddressCity: 'Milano',
      billingAddressState: 'Milano',
      vatCountryCode: 'IT',
      vatNr: '00743110157',
      skipVatNr: false,
      customerReference: 'PO-2027-17',
      italyEInvoicingFiscalCode: 'RSSMRA85T10A562S',
      italyEInvoicingReferenceType: 'ADDRESSEE_CODE',
      italyEInvoicingReferenceAddresseeCode: 'ABC1234',
      // typed before the visitor chose the addressee code: the form nulls it
      italyEInvoicingReferencePEC: 'rossi@pec.example.it',
      italyEInvoicingSplitPayment: true,
    });
    fillTickets(form);
    expect(submittedBookingForm(form).italyEInvoicingReferencePEC, 'invoice form: the PEC of another reference type').toBeNull();
    const refused = await tab.submitBooking(id, form);
    expect(errorsShownOn(refused.answer, submittedBookingForm(form)).sort(), 'booking submit: province and postal code').toEqual([
      'billingAddressState:error.length',
      'billingAddressZip:error.length',
    ]);

    form.billingAddressZip = '20100';
    form.billingAddressState = 'MI';
    // the fiscal code is Mario Rossi's, the buyer Giulia Bianchi: a warning the visitor accepts in the modal
    const { answer, warnings } = await tab.submitBooking(id, form);
    expectStatus('booking submit', answer, 200);
    expect(warnings, 'booking submit: warnings.code').toEqual(['warning.fiscal-code-name-mismatch']);
    expect(await tab.guard(id), 'reservation guard: route once the warning is accepted').toBe('overview');

    const { view } = await tab.overviewPage(fattura.shortName, id);
    const overviewAnswer = await api.getReservationInfo(tab.page, id);
    expectReads('overview: e-invoicing', overviewAnswer, {
      'billingDetails.invoicingAdditionalInfo.italianEInvoicing.reference': 'string|null',
      'billingDetails.invoicingAdditionalInfo.italianEInvoicing.referenceType': 'string|null',
      'billingDetails.invoicingAdditionalInfo.italianEInvoicing.fiscalCode': 'string|null',
    });
    expect(view.billingDetails.invoicingAdditionalInfo.italianEInvoicing, 'overview: billingDetails.invoicingAdditionalInfo.italianEInvoicing').toMatchObject({
      fiscalCode: 'RSSMRA85T10A562S',
      referenceType: 'ADDRESSEE_CODE',
      addresseeCode: 'ABC1234',
      pec: null,
      splitPayment: true,
      reference: 'ABC1234',
    });
    expect(view, 'overview').toMatchObject({ invoiceRequested: true, customerReference: 'PO-2027-17', billingDetails: { taxId: '00743110157', country: 'IT', state: 'MI' } });
    // EUR 100 and 22 % VAT on top
    expect(view.orderSummary, 'overview: orderSummary').toMatchObject({ totalPrice: '122.00', priceInCents: 12200 });

    const confirmForm = overviewForm(view, event, { acceptTerms: true, acceptPrivacy: true });
    expect(confirmForm, 'overview form').toMatchObject({ selectedPaymentMethod: 'BANK_TRANSFER', paymentProxy: 'OFFLINE' });
    expect(await tab.confirm(id, confirmForm), 'reservation guard: route after a bank transfer').toBe('waiting-payment');
    const { view: waiting } = await tab.waitingPaymentPage(fattura.shortName, id);
    expect(waiting.formattedExpirationDate?.['it'], 'waiting-payment page: formattedExpirationDate.it').toBeTruthy();
    expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });
});
