import { useId } from 'react';
import { useLazyParts } from '../../../app/lazy-part';
import { useTranslate } from '../../i18n';
import type { AdditionalField, BookingTicket } from '../model/additional-field';
import type { TicketFormValues } from '../model/booking-form-values';
import { attendeeEmailReadOnly, attendeeReadOnly, extraFieldReadOnly } from '../model/field-locking';
import type { BookingErrors, FieldError } from '../model/field-names';
import { fieldDomId, ticketAdditionalFieldName, ticketFieldName } from '../model/field-names';
import { MAX_NAME_LENGTH } from '../model/input-limits';
import { AdditionalFieldInput } from './additional-field-input';
import { CopyContactButton } from './copy-contact-button';
import { countryFieldPart } from './country-field-part';
import type { Country } from './country-field';
import { describedBy, FieldErrorText, RequiredMark } from './field-parts';
import { TextField } from './text-field';
import '../booking.css';

export interface AttendeeFormProps {
  readonly ticket: BookingTicket;
  /** The category of the ticket and its number in the reservation: 'Regular, ticket 1'. */
  readonly categoryName: string;
  readonly ticketNumber: number;
  /** The form's heading instead of 'Regular, ticket 1' (a ticket's own update page: the order's numbering is not known there). */
  readonly heading?: string;
  readonly values: TicketFormValues;
  /** All errors of the form by field name; the ticket's are under `tickets[<uuid>]...`. */
  readonly errors: BookingErrors;
  readonly onChange: (patch: Partial<TicketFormValues>) => void;
  /** The event's content languages: the language select appears only with more than one. */
  readonly contentLanguages: readonly { locale: string; displayLanguage: string }[];
  readonly countries: readonly Country[];
  /** `metadata.lockEmailEdit` of the reservation. */
  readonly lockEmailEdit?: boolean;
  /** Given, the ticket offers to copy the contact data (see copyContactOffered). */
  readonly onCopyContact?: () => void;
  /** The clock for the date-of-birth limit (epoch ms). */
  readonly now?: () => number;
  readonly idPrefix?: string;
}

/**
 * The attendee of one ticket (spec 2): extra fields configured before the standard ones, first and last
 * name, e-mail, the language when the event has several, then the extra fields after. Read-only per the
 * field-locking rules (spec 4).
 */
export function AttendeeForm(props: AttendeeFormProps) {
  const { ticket, values, errors, onChange, contentLanguages, lockEmailEdit = false, onCopyContact, now = Date.now } = props;
  const t = useTranslate();
  const generated = useId();
  const prefix = props.idPrefix ?? generated;
  const headingId = `${prefix}-${ticket.uuid}-heading`;
  const locked = attendeeReadOnly(ticket);
  const id = (name: string) => fieldDomId(prefix, name);
  const name = (field: 'firstName' | 'lastName' | 'email' | 'userLanguage') => ticketFieldName(ticket.uuid, field);
  const clock = now();
  useLazyParts(askedCountry(ticket) && countryFieldPart);

  const extra = (fields: readonly AdditionalField[]) =>
    fields.map((field) => {
      const fieldValues = values.additional[field.name] ?? [];
      const nameAt = (index: number) => ticketAdditionalFieldName(ticket.uuid, field.name, index);
      return (
        <AdditionalFieldInput
          key={field.name}
          field={field}
          id={id(nameAt(0))}
          nameAt={nameAt}
          values={fieldValues}
          error={firstError(errors, nameAt, Math.max(fieldValues.length, 1))}
          readOnly={extraFieldReadOnly(ticket, field)}
          contentLanguages={contentLanguages}
          countries={props.countries}
          now={clock}
          onChange={(next) => onChange({ additional: { ...values.additional, [field.name]: next } })}
        />
      );
    });

  const languageId = id(name('userLanguage'));
  const languageError = errors[name('userLanguage')];
  return (
    <section className="booking-attendee" aria-labelledby={headingId}>
      <div className="booking-attendee__header">
        <h3 id={headingId}>{props.heading ?? t('reservation-page.attendee.ticket-of-category', props.categoryName, props.ticketNumber)}</h3>
        {onCopyContact && !locked ? <CopyContactButton onCopy={onCopyContact} /> : null}
      </div>
      {locked ? <p className="form-note">{t('ticket-update.locked')}</p> : null}
      {extra(ticket.ticketFieldConfigurationBeforeStandard)}
      <div className="field-row">
        <TextField
          id={id(name('firstName'))}
          name={name('firstName')}
          label={t('common.first-name')}
          required
          readOnly={locked}
          maxLength={MAX_NAME_LENGTH}
          value={values.firstName}
          error={errors[name('firstName')]}
          onChange={(firstName) => onChange({ firstName })}
        />
        <TextField
          id={id(name('lastName'))}
          name={name('lastName')}
          label={t('common.last-name')}
          required
          readOnly={locked}
          maxLength={MAX_NAME_LENGTH}
          value={values.lastName}
          error={errors[name('lastName')]}
          onChange={(lastName) => onChange({ lastName })}
        />
      </div>
      <TextField
        id={id(name('email'))}
        name={name('email')}
        type="email"
        label={t('common.email')}
        required
        readOnly={attendeeEmailReadOnly(ticket, lockEmailEdit)}
        maxLength={MAX_NAME_LENGTH}
        value={values.email}
        error={errors[name('email')]}
        onChange={(email) => onChange({ email })}
      />
      {contentLanguages.length > 1 ? (
        <div className="field">
          <label htmlFor={languageId}>
            {t('reservation-page.attendee.language')}
            <RequiredMark required />
          </label>
          <select
            id={languageId}
            name={name('userLanguage')}
            required
            disabled={locked}
            value={values.userLanguage}
            aria-invalid={languageError ? true : undefined}
            aria-describedby={describedBy(languageError && `${languageId}-error`)}
            onChange={(e) => onChange({ userLanguage: e.target.value })}
          >
            <option value="">{t('common.select')}</option>
            {contentLanguages.map((l) => (
              <option key={l.locale} value={l.locale} lang={l.locale}>
                {l.displayLanguage}
              </option>
            ))}
          </select>
          <FieldErrorText id={`${languageId}-error`} error={languageError} />
        </div>
      ) : null}
      {extra(ticket.ticketFieldConfigurationAfterStandard)}
    </section>
  );
}

const askedCountry = (ticket: BookingTicket) =>
  [...ticket.ticketFieldConfigurationBeforeStandard, ...ticket.ticketFieldConfigurationAfterStandard].some((field) => field.type === 'country');

/** The first error of a multi-valued field, whichever index the server put it under. */
function firstError(errors: BookingErrors, nameAt: (index: number) => string, count: number): FieldError | undefined {
  for (let i = 0; i < count; i++) {
    const error = errors[nameAt(i)];
    if (error) return error;
  }
  return undefined;
}
