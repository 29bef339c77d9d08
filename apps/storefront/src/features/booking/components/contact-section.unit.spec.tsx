import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { rulesContext, validForm } from '../booking-fixtures';
import { useFocusFirstInvalid } from '../hooks/focus-first-invalid';
import { AUTOFILL_ANIMATION } from '../hooks/use-autofill-sync';
import type { BookingFormValues } from '../model/booking-form-values';
import { emptyBookingForm } from '../model/booking-form-values';
import type { BookingErrors, FieldError } from '../model/field-names';
import { validateBookingForm } from '../model/validate-booking-form';
import { ContactSection } from './contact-section';
import { LoginSuggestion } from './login-suggestion';

function Harness(props: { initial?: BookingFormValues; errors?: BookingErrors; globalErrors?: FieldError[]; login?: string; onValues?: (v: BookingFormValues) => void }) {
  const [values, setValues] = useState(props.initial ?? emptyBookingForm);
  const [errors, setErrors] = useState<BookingErrors>(props.errors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const goToFirstError = useFocusFirstInvalid(formRef);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors(validateBookingForm(values, rulesContext({ free: true })).fields);
        goToFirstError();
      }}
    >
      <ContactSection
        values={values}
        errors={errors}
        globalErrors={props.globalErrors ?? []}
        login={props.login ? <LoginSuggestion href={props.login} /> : undefined}
        onChange={(patch) =>
          setValues((v) => {
            const next = { ...v, ...patch };
            props.onValues?.(next);
            return next;
          })
        }
      />
      <button type="submit">Continue</button>
    </form>
  );
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });

describe('contact section (spec 2)', () => {
  afterEach(cleanup);

  it('labels the three required fields with the autocomplete tokens browsers fill', () => {
    renderWithProviders(<Harness />);
    const section = screen.getByRole('region', { name: 'Your details' });
    const fields = [input(/First name/), input(/Last name/), input(/Email/)];
    expect(fields.every((f) => section.contains(f) && (f as HTMLInputElement).required)).toBe(true);
    expect(fields.map((f) => f.getAttribute('autocomplete'))).toEqual(['given-name', 'family-name', 'email']);
    expect(fields.map((f) => f.getAttribute('maxlength'))).toEqual(['255', '255', '255']);
    expect(fields.map((f) => f.getAttribute('name'))).toEqual(['firstName', 'lastName', 'email']);
  });

  it('takes typed values', () => {
    const onValues = vi.fn();
    renderWithProviders(<Harness onValues={onValues} />);
    fireEvent.change(input(/First name/), { target: { value: 'Ada' } });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ firstName: 'Ada' }));
    expect((input(/First name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('takes a browser autofill seen only as a native change or the autofill animation', () => {
    const onValues = vi.fn();
    renderWithProviders(<Harness onValues={onValues} />);
    const email = input(/Email/) as HTMLInputElement;
    // The autofill writes the DOM value without an input event; only the autofill styling animation starts.
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(email, 'ada@example.org');
      const event = new Event('animationstart');
      Object.defineProperty(event, 'animationName', { value: AUTOFILL_ANIMATION });
      email.dispatchEvent(event);
    });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'ada@example.org' }));

    const last = input(/Last name/) as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(last, 'Lovelace');
      last.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(onValues).toHaveBeenLastCalledWith(expect.objectContaining({ lastName: 'Lovelace', email: 'ada@example.org' }));
  });

  it('lists global errors in bold above the fields, in an alert', () => {
    renderWithProviders(<Harness globalErrors={[{ code: 'error.STEP_2_PAYMENT_PROCESSING_ERROR', args: ['card declined'] }]} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Payment processing error: card declined').tagName).toBe('STRONG');
    expect(alert.compareDocumentPosition(input(/First name/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows each error under its field, announces the summary, and focuses the first invalid field', () => {
    renderWithProviders(<Harness initial={validForm({ firstName: '', email: 'nope' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const first = input(/First name/);
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe('The first name is required.');
    const email = input(/Email/);
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('The email address is not valid.');
    expect(input(/Last name/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Please check the values you entered.');
  });

  it('suggests logging in under its heading when the page offers it', () => {
    renderWithProviders(<Harness login="/openid/event/e/reservation/r" />);
    const section = screen.getByRole('region', { name: 'Your details' });
    expect(within(section).getByText('You can continue as a guest or log in for a faster checkout.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/openid/event/e/reservation/r');
    cleanup();
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
