import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, renderWithProviders } from '../../../test/test-context';
import { attendee, COUNTRIES, makeField, makeTicket, NOW, TICKET_A } from '../booking-fixtures';
import type { BookingTicket } from '../model/additional-field';
import type { TicketFormValues } from '../model/booking-form-values';
import { contactAsAttendee, copyContactOffered } from '../model/booking-form-values';
import type { BookingErrors } from '../model/field-names';
import { AttendeeForm } from './attendee-form';

const EN = [{ locale: 'en', displayLanguage: 'English' }];
const EN_DE = [...EN, { locale: 'de', displayLanguage: 'Deutsch' }];

interface Options {
  readonly ticket?: BookingTicket;
  readonly initial?: Partial<TicketFormValues>;
  readonly errors?: BookingErrors;
  readonly languages?: typeof EN;
  readonly lockEmailEdit?: boolean;
  readonly onCopyContact?: () => void;
  readonly onValues?: (values: TicketFormValues) => void;
}

function Harness({ ticket = makeTicket(TICKET_A), initial, errors = {}, languages = EN, lockEmailEdit, onCopyContact, onValues }: Options) {
  const [values, setValues] = useState(attendee({ firstName: '', lastName: '', email: '', ...initial }));
  return (
    <AttendeeForm
      ticket={ticket}
      categoryName="Regular"
      ticketNumber={1}
      values={values}
      errors={errors}
      contentLanguages={languages}
      countries={COUNTRIES}
      lockEmailEdit={lockEmailEdit}
      onCopyContact={onCopyContact}
      now={() => NOW}
      onChange={(patch) =>
        setValues((v) => {
          const next = { ...v, ...patch };
          onValues?.(next);
          return next;
        })
      }
    />
  );
}

const render = (options: Options = {}, lang = 'en') => renderWithProviders(<Harness {...options} />, createTestContext({ lang }));
const region = () => screen.getByRole('region', { name: 'Regular, ticket 1' });
const textbox = (name: string | RegExp) => within(region()).getByRole('textbox', { name }) as HTMLInputElement;

describe('attendee form: standard fields (spec 2)', () => {
  afterEach(cleanup);

  it('asks first name, last name and e-mail under the server names, starred as required', () => {
    render();
    const fields = [textbox(/First name/), textbox(/Last name/), textbox(/Email/)];
    expect(fields.map((f) => f.name)).toEqual([`tickets[${TICKET_A}].firstName`, `tickets[${TICKET_A}].lastName`, `tickets[${TICKET_A}].email`]);
    expect(fields.every((f) => f.required && f.labels?.[0]?.textContent?.endsWith('*'))).toBe(true);
  });

  it('offers the language only when the event has more than one', () => {
    render();
    expect(screen.queryByRole('combobox', { name: /Preferred language/ })).toBeNull();
    cleanup();
    const onValues = vi.fn();
    render({ languages: EN_DE, onValues });
    fireEvent.change(screen.getByRole('combobox', { name: /Preferred language/ }), { target: { value: 'de' } });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ userLanguage: 'de' }));
  });

  it('shows the errors of the ticket under its fields', () => {
    render({ errors: { [`tickets[${TICKET_A}].email`]: { code: 'error.email', args: [] } } });
    const email = textbox(/Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a valid email address.');
    expect(textbox(/First name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('copies the contact data with the copy button', () => {
    const onCopy = vi.fn();
    render({ onCopyContact: onCopy });
    fireEvent.click(within(region()).getByRole('button', { name: 'Copy contact data' }));
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(copyContactOffered(1, false)).toBe(true);
    expect(copyContactOffered(1, true)).toBe(false);
    expect(copyContactOffered(2, false)).toBe(false);
    expect(contactAsAttendee({ firstName: 'A', lastName: 'B', email: 'c@d.org' }, true)).toEqual({ firstName: 'A', lastName: 'B' });
  });
});

describe('attendee form: field locking (spec 4)', () => {
  afterEach(cleanup);

  it('makes every field of a locked ticket read-only and offers no copy', () => {
    render({
      ticket: makeTicket(TICKET_A, { locked: true, ticketFieldConfigurationAfterStandard: [makeField('company')] }),
      onCopyContact: () => undefined,
    });
    expect([/First name/, /Last name/, /Email/, /Label company/].map((n) => textbox(n).readOnly)).toEqual([true, true, true, true]);
    expect(within(region()).queryByRole('button', { name: 'Copy contact data' })).toBeNull();
  });

  it('locks the e-mail when e-mail edits are locked and the ticket has one', () => {
    render({ ticket: makeTicket(TICKET_A, { email: 'kept@example.org' }), lockEmailEdit: true });
    expect(textbox(/Email/).readOnly).toBe(true);
    expect(textbox(/First name/).readOnly).toBe(false);
    cleanup();
    render({ ticket: makeTicket(TICKET_A, { email: '' }), lockEmailEdit: true });
    expect(textbox(/Email/).readOnly).toBe(false);
  });

  it('keeps a filled extra field of an acquired ticket read-only unless editable', () => {
    render({
      ticket: makeTicket(TICKET_A, {
        acquired: true,
        ticketFieldConfigurationAfterStandard: [
          makeField('fixed', { editable: false, value: 'x' }),
          makeField('open', { editable: true, value: 'y' }),
          makeField('empty', { editable: false }),
        ],
      }),
      initial: { additional: { fixed: ['x'], open: ['y'] } },
    });
    expect([/Label fixed/, /Label open/, /Label empty/].map((n) => textbox(n).readOnly)).toEqual([true, false, false]);
  });
});

describe('attendee form: extra fields (spec 2)', () => {
  afterEach(cleanup);

  it('puts the fields configured before the standard ones first, the others after', () => {
    render({
      ticket: makeTicket(TICKET_A, {
        ticketFieldConfigurationBeforeStandard: [makeField('before')],
        ticketFieldConfigurationAfterStandard: [makeField('after')],
      }),
    });
    const order = within(region())
      .getAllByRole('textbox')
      .map((f) => f.getAttribute('name'));
    expect(order).toEqual([
      `tickets[${TICKET_A}].additional[before][0]`,
      `tickets[${TICKET_A}].firstName`,
      `tickets[${TICKET_A}].lastName`,
      `tickets[${TICKET_A}].email`,
      `tickets[${TICKET_A}].additional[after][0]`,
    ]);
  });

  it('labels a field in the current language with its placeholder, falling back to another description', () => {
    const field = makeField('company', {
      required: true,
      description: { en: { label: 'Company', placeholder: 'Your employer' }, de: { label: 'Firma', placeholder: 'Ihr Arbeitgeber' } },
    });
    render({ ticket: makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [field] }) }, 'de');
    const input = screen.getByRole('textbox', { name: /Firma/ }) as HTMLInputElement;
    expect(input.placeholder).toBe('Ihr Arbeitgeber');
    expect(input.required).toBe(true);
    expect(input.labels?.[0]?.textContent).toBe('Firma *');
    cleanup();
    render({ ticket: makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [makeField('x', { description: { it: { label: 'Azienda' } } })] }) });
    expect(textbox('Azienda')).toBeTruthy();
  });

  it('renders the text types: text, tel, EU VAT and textarea with their limits', () => {
    render({
      ticket: makeTicket(TICKET_A, {
        ticketFieldConfigurationAfterStandard: [
          makeField('nick', { minLength: 2, maxLength: 20 }),
          makeField('phone', { type: 'input:tel' }),
          makeField('vat', { type: 'vat:eu' }),
          makeField('bio', { type: 'textarea', maxLength: 500 }),
        ],
      }),
    });
    expect([textbox(/nick/).minLength, textbox(/nick/).maxLength]).toEqual([2, 20]);
    expect(textbox(/phone/).type).toBe('tel');
    expect(textbox(/vat/).type).toBe('text');
    expect(textbox(/bio/).tagName).toBe('TEXTAREA');
    expect(textbox(/bio/).maxLength).toBe(500);
  });

  it('renders a date of birth as a date input up to yesterday with the long localized date', () => {
    const onValues = vi.fn();
    render({ ticket: makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [makeField('dob', { type: 'input:dateOfBirth' })] }), onValues });
    const input = region().querySelector('input[type="date"]') as HTMLInputElement;
    expect(input.labels?.[0]?.textContent).toBe('Label dob');
    expect(input.max).toBe('2024-06-14');
    fireEvent.change(input, { target: { value: '1990-03-15' } });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ additional: { dob: ['1990-03-15'] } }));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('March 15, 1990');
  });

  it('renders select and country as selects with a first empty choice', async () => {
    const onValues = vi.fn();
    const ticket = makeTicket(TICKET_A, {
      ticketFieldConfigurationAfterStandard: [
        makeField('size', { type: 'select', restrictedValues: ['S', 'M'], description: { en: { label: 'Size', placeholder: '', restrictedValuesDescription: { S: 'Small', M: 'Medium' } } } }),
        makeField('nation', { type: 'country' }),
      ],
    });
    // the country select comes in a chunk of its own, which a form asking for a country waits for (as its page does)
    await act(async () => {
      renderWithProviders(
        <Suspense fallback={null}>
          <Harness ticket={ticket} onValues={onValues} />
        </Suspense>,
        createTestContext({ lang: 'en' }),
      );
      await import('./country-field');
    });
    await screen.findByRole('region', { name: 'Regular, ticket 1' });
    const size = within(region()).getByRole('combobox', { name: 'Size' }) as HTMLSelectElement;
    expect([...size.options].map((o) => o.textContent)).toEqual(['Please select', 'Small', 'Medium']);
    fireEvent.change(size, { target: { value: 'M' } });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ additional: { size: ['M'] } }));
    expect(within(region()).getByRole('combobox', { name: /Label nation/ })).toBeTruthy();
  });

  it('shows an answer given before its value was disabled: the server still offers that one value (alf.io)', () => {
    const description = { en: { label: 'Size', placeholder: '', restrictedValuesDescription: { S: 'Small', XL: 'Extra large' } } };
    render({
      // GET /reservation leaves disabled values out of restrictedValues, except the answer given
      ticket: makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [makeField('size', { type: 'select', restrictedValues: ['S', 'XL'], disabledValues: ['M', 'XL'], description })] }),
      initial: { additional: { size: ['XL'] } },
    });
    const size = within(region()).getByRole('combobox', { name: 'Size' }) as HTMLSelectElement;
    expect([...size.options].map((o) => o.textContent)).toEqual(['Please select', 'Small', 'Extra large']);
    expect(size.value).toBe('XL');
  });

  it('renders checkboxes as several values and radios as one, grouped under the label', () => {
    const onValues = vi.fn();
    const described = (label: string) => ({ en: { label, placeholder: '', restrictedValuesDescription: { a: 'Alpha', b: 'Beta' } } });
    render({
      ticket: makeTicket(TICKET_A, {
        ticketFieldConfigurationAfterStandard: [
          makeField('topics', { type: 'checkbox', restrictedValues: ['a', 'b'], required: true, description: described('Topics') }),
          makeField('pick', { type: 'radio', restrictedValues: ['a', 'b'], description: described('Pick one') }),
        ],
      }),
      onValues,
    });
    const topics = within(region()).getByRole('group', { name: 'Topics (required)' });
    expect(topics.querySelector('legend')!.textContent).toBe('Topics * (required)');
    fireEvent.click(within(topics).getByRole('checkbox', { name: 'Beta' }));
    fireEvent.click(within(topics).getByRole('checkbox', { name: 'Alpha' }));
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ additional: { topics: ['a', 'b'] } }));
    fireEvent.click(within(topics).getByRole('checkbox', { name: 'Alpha' }));
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ additional: { topics: ['b'] } }));

    const pick = within(region()).getByRole('group', { name: 'Pick one' });
    fireEvent.click(within(pick).getByRole('radio', { name: 'Alpha' }));
    fireEvent.click(within(pick).getByRole('radio', { name: 'Beta' }));
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ additional: { topics: ['b'], pick: ['b'] } }));
  });

  it('says that a required checkbox field is required: the single yes/no box is required, a group of boxes says so in its legend', () => {
    const described = (label: string) => ({ en: { label, placeholder: '', restrictedValuesDescription: { a: 'Alpha', b: 'Beta' } } });
    render({
      ticket: makeTicket(TICKET_A, {
        ticketFieldConfigurationAfterStandard: [
          makeField('consent', { type: 'checkbox', required: true, description: described('I agree to be photographed') }),
          makeField('topics', { type: 'checkbox', restrictedValues: ['a', 'b'], required: true, description: described('Topics') }),
          makeField('newsletter', { type: 'checkbox', description: described('Newsletter') }),
          makeField('extras', { type: 'checkbox', restrictedValues: ['a', 'b'], description: described('Extras') }),
        ],
      }),
    });
    const consent = within(region()).getByRole('group', { name: 'I agree to be photographed' });
    const yes = within(consent).getByRole('checkbox', { name: 'Yes' }) as HTMLInputElement;
    expect(yes.required).toBe(true);
    // at least one of the group: no box is required by itself, the legend says it (unseen, the star being hidden)
    const topics = within(region()).getByRole('group', { name: 'Topics (required)' });
    expect(within(topics).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).required)).toEqual([false, false]);
    expect(topics.querySelector('legend .visually-hidden')!.textContent).toBe(' (required)');
    // optional ones say nothing of the kind
    expect((within(within(region()).getByRole('group', { name: 'Newsletter' })).getByRole('checkbox') as HTMLInputElement).required).toBe(false);
    expect(within(region()).getByRole('group', { name: 'Extras' }).querySelector('legend .visually-hidden')).toBeNull();
  });

  it('shows an error the server put under a later index of a multi-value field', () => {
    render({
      ticket: makeTicket(TICKET_A, {
        ticketFieldConfigurationAfterStandard: [makeField('topics', { type: 'checkbox', restrictedValues: ['a', 'b'] })],
      }),
      initial: { additional: { topics: ['a', 'b'] } },
      errors: { [`tickets[${TICKET_A}].additional[topics][1]`]: { code: 'error.disabledValue', args: [] } },
    });
    const group = within(region()).getByRole('group', { name: /Label topics/ });
    expect(document.getElementById(group.getAttribute('aria-describedby')!)!.textContent).toBe('This value is no longer available.');
    expect(within(group).getAllByRole('checkbox').every((c) => c.getAttribute('aria-invalid') === 'true')).toBe(true);
  });
});
