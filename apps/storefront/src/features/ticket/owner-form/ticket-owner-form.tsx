import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import type { BookingErrors, FieldError, TicketFormValues } from '../../booking';
import { AttendeeForm, ErrorSummary, ticketFormValuesOf, clearFieldErrorOn, useFocusFirstInvalid } from '../../booking';
import { useLanguage, useTranslate } from '../../i18n';
import { useCountries } from './use-countries';
import { useUpdateTicket } from './use-update-ticket';
import { placeOwnerErrors } from './owner-form';
import type { BookingInfoTicket, OwnerFormRules } from '../model/ticket-rules';
import { lockedHolder } from '../model/ticket-rules';

// The booking rules run only on submit: they come in a chunk of their own, asked for when the visitor gets into the form.
const loadOwnerCheck = () => import('./check-owner');

interface Props {
  readonly eventShortName: string;
  readonly ticket: BookingInfoTicket;
  readonly event: { readonly contentLanguages: readonly { locale: string; displayLanguage: string }[]; readonly timeZone: string };
  readonly rules: OwnerFormRules;
  /** The server saved the holder. */
  readonly onSaved: () => void;
  /** Closes the form unsaved (only a ticket with a holder has it closed). */
  readonly onCancel?: () => void;
  /** The clock (epoch ms) for the date-of-birth limit; tests pass their own. */
  readonly now?: () => number;
}

/**
 * The holder of one ticket (spec 2, ticket update page): the booking step's attendee form with its field locking
 * (spec 4), checked with the server's own rules before it is sent, the server's field errors under their fields
 * (spec 5), the focus on the first one. Saved: the ticket is read again and the success toast says so.
 */
export function TicketOwnerForm({ eventShortName, ticket, event, rules, onSaved, onCancel, now = Date.now }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const extraFields = [...ticket.ticketFieldConfigurationBeforeStandard, ...ticket.ticketFieldConfigurationAfterStandard];
  const countries = useCountries(extraFields.some((f) => f.type === 'country'));
  // A locked ticket without a holder can still be given one (see lockedHolder): its fields stay open until then.
  const formTicket = { ...ticket, locked: lockedHolder(ticket) };
  const [values, setValues] = useState<TicketFormValues>(() => ticketFormValuesOf(formTicket, event.contentLanguages, lang));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [globalErrors, setGlobalErrors] = useState<readonly FieldError[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const goToFirstError = useFocusFirstInvalid(formRef);
  const clearFieldError = clearFieldErrorOn(setErrors);
  const { update, pending } = useUpdateTicket(eventShortName, ticket.uuid);
  const checking = useRef(false);

  const shownFields = () =>
    Array.from(formRef.current?.elements ?? [])
      .map((e) => (e as HTMLInputElement).name)
      .filter(Boolean);
  const show = (found: { fields: BookingErrors; global: readonly FieldError[] }) => {
    setErrors(found.fields);
    setGlobalErrors(found.global);
    if (Object.keys(found.fields).length > 0) goToFirstError();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || checking.current) return;
    // The server's rules first: what they refuse is not sent. Should their chunk not load, the server checks the same.
    checking.current = true;
    const check = await loadOwnerCheck().catch(() => null);
    checking.current = false;
    const found = check?.checkOwner(values, formTicket, event, now(), shownFields());
    if (found && (Object.keys(found.fields).length > 0 || found.global.length > 0)) return show(found);
    const outcome = await update(values);
    if (outcome.kind === 'refused') return show(placeOwnerErrors(ticket.uuid, outcome.errors, shownFields()));
    setErrors({});
    setGlobalErrors([]);
    onSaved();
  };

  const prepare = () => void loadOwnerCheck().catch(() => undefined);
  return (
    <form ref={formRef} className="ticket-owner-form" noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearFieldError} onFocus={prepare} onPointerDown={prepare}>
      {rules.transferNotice ? <p className="notice notice--info">{t('ticket-update.transfer-info')}</p> : null}
      <ErrorSummary globalErrors={globalErrors} hasFieldErrors={Object.keys(errors).length > 0} />
      <AttendeeForm
        idPrefix="owner"
        ticket={formTicket}
        categoryName=""
        ticketNumber={0}
        heading={t('ticket.holder')}
        values={values}
        errors={errors}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        contentLanguages={event.contentLanguages}
        countries={countries}
        now={now}
      />
      <div className="ticket-owner-form__actions">
        {rules.submittable ? (
          <button type="submit" className="button" aria-busy={pending || undefined}>
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            {t(ticket.assigned ? 'reservation-page-complete.update-ticket-owner' : 'reservation-page-complete.assign')}
          </button>
        ) : null}
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('reservation-page-complete.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
