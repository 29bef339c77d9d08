import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { createTestContext, makeInfo } from '../../../test/test-context';
import { openIdEnabledAtom } from '../../auth';
import { takeProfileDeletedFlag } from '../../auth/profile-deleted-flag';
import { accountApi, makeProfile, makeUser, USER_API } from '../account-fixtures';

const COUNTRIES = [
  { isoCode: 'CH', name: 'Switzerland' },
  { isoCode: 'IT', name: 'Italy' },
];

function invoicingContext(invoiceAllowed = true) {
  const info = makeInfo({
    invoicingConfiguration: { userCanDownloadReceiptOrInvoice: true, euVatCheckingEnabled: false, invoiceAllowed, onlyInvoice: false, customerReferenceEnabled: false, enabledItalyEInvoicing: false, vatNumberStrictlyRequired: false },
  });
  const context = createTestContext({ info, lang: 'en' });
  context.store.set(openIdEnabledAtom, true);
  return context;
}

const SIGNED_IN = makeUser({ profile: makeProfile({}, { company: { label: { en: 'Company' }, values: ['Analytical Engines Ltd'] } }) });
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('my profile (spec 2, My profile)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the saved profile: names, the e-mail read-only, the invoice address, the additional data', async () => {
    renderApp('/my-profile', { ...accountApi(SIGNED_IN), '/api/v2/public/i18n/countries/en': COUNTRIES }, invoicingContext());
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(textbox(/First name/).value).toBe('Ada');
    expect(textbox(/Last name/).value).toBe('Lovelace');
    expect(textbox(/Email/).readOnly).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Save an invoice address for my orders' }) as HTMLInputElement).checked).toBe(true);
    expect(((await screen.findByRole('textbox', { name: /Address line 1/ })) as HTMLInputElement).value).toBe('Analytical Street 1');
    expect(textbox('Company').value).toBe('Analytical Engines Ltd');
    expect(screen.getByRole('region', { name: 'Danger zone' })).toBeTruthy();
  });

  it('shows an invoice address a booking saved even where the site itself invoices nobody, so it can be corrected or removed', async () => {
    renderApp('/my-profile', { ...accountApi(SIGNED_IN), '/api/v2/public/i18n/countries/en': COUNTRIES }, invoicingContext(false));
    const saved = (await screen.findByRole('checkbox', { name: 'Save an invoice address for my orders' })) as HTMLInputElement;
    expect(saved.checked).toBe(true);
    expect(((await screen.findByRole('textbox', { name: /Address line 1/ })) as HTMLInputElement).value).toBe('Analytical Street 1');
  });

  it('shows no invoice section where the site invoices nobody and the profile holds no address', async () => {
    renderApp('/my-profile', accountApi(makeUser()), invoicingContext(false));
    await screen.findByRole('heading', { level: 1, name: 'My profile' });
    expect(screen.queryByRole('checkbox', { name: 'Save an invoice address for my orders' })).toBeNull();
  });

  it('checks the names first: the error under the field, the focus on it, nothing sent', async () => {
    const { requests } = renderApp('/my-profile', accountApi(makeUser()), invoicingContext());
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const first = textbox(/First name/);
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe('The first name is required.');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the server\'s 422 under the fields it names, in the visitor\'s language', async () => {
    const refusal = { status: 422, body: { success: false, errorCount: 1, validationErrors: [{ fieldName: 'billingAddressZip', code: 'error.emptyField', arguments: null }], value: null, warnings: [] } };
    renderApp('/my-profile', { ...accountApi(SIGNED_IN), '/api/v2/public/i18n/countries/en': COUNTRIES, [`POST ${USER_API}/me`]: refusal }, invoicingContext());
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const zip = await screen.findByRole('textbox', { name: /ZIP \/ postal code/ });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(zip);
    expect(document.getElementById(zip.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe('This field is required.');
  });

  it('saves: POST /user/me with the names, the invoice address and the additional data, then a toast', async () => {
    const saved = { success: true, errorCount: 0, validationErrors: [], value: makeUser({ firstName: 'Augusta' }), warnings: [] };
    const { requests } = renderApp('/my-profile', { ...accountApi(SIGNED_IN), '/api/v2/public/i18n/countries/en': COUNTRIES, [`POST ${USER_API}/me`]: saved }, invoicingContext());
    fireEvent.change(await screen.findByRole('textbox', { name: /First name/ }), { target: { value: 'Augusta' } });
    fireEvent.change(textbox('Company'), { target: { value: 'Difference Engines' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your profile has been updated.');
    const post = requests.find((r) => r.method === 'POST' && r.url === `${USER_API}/me`);
    expect(post?.body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      invoiceRequested: true,
      billingAddressLine1: 'Analytical Street 1',
      billingAddressZip: '8000',
      vatCountryCode: 'CH',
      additionalInfo: { company: 'Difference Engines' },
    });
    expect(post?.body).not.toHaveProperty('email');
    // the user is read again by its generated key
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET' && r.url === `${USER_API}/me`).length).toBeGreaterThanOrEqual(2));
  });

  it('keeps "no VAT number" of a company saved without one: the box comes ticked, saving again sends it', async () => {
    const company = makeUser({ profile: { ...makeProfile({ companyName: 'Analytical Engines Ltd' }), skipVatNr: true } });
    const saved = { success: true, errorCount: 0, validationErrors: [], value: company, warnings: [] };
    const { requests } = renderApp('/my-profile', { ...accountApi(company), '/api/v2/public/i18n/countries/en': COUNTRIES, [`POST ${USER_API}/me`]: saved }, invoicingContext());
    const skip = (await screen.findByRole('checkbox', { name: "I don't have a VAT number" })) as HTMLInputElement;
    expect(skip.checked).toBe(true);
    expect(screen.queryByRole('textbox', { name: /VAT number/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your profile has been updated.');
    const post = requests.find((r) => r.method === 'POST' && r.url === `${USER_API}/me`);
    expect(post?.body).toMatchObject({ addCompanyBillingDetails: true, billingAddressCompany: 'Analytical Engines Ltd', vatNr: '', skipVatNr: true });
  });

  it('shows a server failure on save as the unexpected error on the page and as a toast (spec 8)', async () => {
    renderApp('/my-profile', { ...accountApi(SIGNED_IN), '/api/v2/public/i18n/countries/en': COUNTRIES, [`POST ${USER_API}/me`]: { status: 502 } }, invoicingContext());
    await screen.findByRole('textbox', { name: /First name/ });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const message = 'An unexpected error has occurred. Please try again.';
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    const toastAlert = screen.getAllByRole('alert').find((a) => within(a).queryByRole('button', { name: 'Close notification' }));
    expect(toastAlert?.textContent).toContain(message);
  });

  it('deletes the profile only once the acknowledgement is ticked; then signed out, home, and told so', async () => {
    const { requests, router } = renderApp('/my-profile', { ...accountApi(SIGNED_IN), [`DELETE ${USER_API}/me`]: { targetUrl: '/', empty: false } }, invoicingContext());
    const zone = await screen.findByRole('region', { name: 'Danger zone' });
    const remove = within(zone).getByRole('button', { name: 'Delete profile' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(remove);
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(zone).getByRole('checkbox', { name: 'I confirm that I want to delete my profile.' }));
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`${USER_API}/me`]);
    expect((await screen.findByRole('status')).textContent).toContain('Your profile has been deleted.');
    expect(takeProfileDeletedFlag()).toBe(false);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('offers no deletion to a user who is not an external provider\'s', async () => {
    renderApp('/my-profile', accountApi(makeUser({ external: false })), invoicingContext());
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Danger zone' })).toBeNull();
  });
});
