import { useId, useState } from 'react';
import { useLanguage, useTranslate } from '../../i18n';
import type { AdditionalField } from '../model/additional-field';
import type { AdditionalServiceLinkValues } from '../model/booking-form-values';
import type { BookingErrors, FieldError } from '../model/field-names';
import { fieldDomId, serviceAdditionalFieldName } from '../model/field-names';
import { AdditionalFieldInput } from './additional-field-input';
import type { Country } from './country-field';
import '../booking.css';

export interface SupplementItemFormProps {
  /** The supplement's title per language. */
  readonly title: Readonly<Record<string, string>>;
  /** The fields its organizer asks about each booked item. */
  readonly fields: readonly AdditionalField[];
  /** The ticket the item is listed under (the key in `additionalServices`) and its position in that list. */
  readonly ticketUuid: string;
  readonly index: number;
  readonly ticketNumber: number;
  readonly values: AdditionalServiceLinkValues;
  readonly errors: BookingErrors;
  readonly onChange: (additional: AdditionalServiceLinkValues['additional']) => void;
  /** The other tickets it may move to (spec 2: a menu to move it to another ticket); none: no menu. */
  readonly moveTargets?: readonly { readonly uuid: string; readonly number: number }[];
  /** Moves it to the ticket chosen in the menu, once the visitor presses Move. */
  readonly onMove?: (ticketUuid: string) => void;
  readonly contentLanguages: readonly { locale: string }[];
  readonly countries: readonly Country[];
  readonly now: number;
}

/**
 * A booked supplement item under its ticket (spec 2, Additional services per ticket): its own extra fields,
 * named `additionalServices[<ticket>][<i>].additional[<name>][<j>]` as the server reports errors about them.
 * The move menu only chooses the ticket, and the Move button beside it moves the item (WCAG 3.2.2: a closed select
 * changes its value on an arrow key). Its heading takes the focus once the item shows under its new ticket
 * (tabIndex -1, found by `data-supplement-item`: see AttendeesSection).
 */
export function SupplementItemForm(props: SupplementItemFormProps) {
  const { title, fields, ticketUuid, index, values, errors, onChange, moveTargets = [], onMove, contentLanguages, countries, now } = props;
  const t = useTranslate();
  const lang = useLanguage();
  const prefix = useId();
  const name = title[lang] ?? Object.values(title)[0] ?? '';
  const headingId = `${prefix}-heading`;
  const moveId = `${prefix}-move`;
  const [chosen, setChosen] = useState('');
  const target = moveTargets.some((ticket) => ticket.uuid === chosen) ? chosen : (moveTargets[0]?.uuid ?? '');
  return (
    <section className="booking-supplement" aria-labelledby={headingId} data-supplement-item={values.additionalServiceItemId}>
      <h4 id={headingId} tabIndex={-1}>
        {t('reservation-page.additional-service.for-ticket', name, props.ticketNumber)}
      </h4>
      {fields.map((field) => {
        const nameAt = (i: number) => serviceAdditionalFieldName(ticketUuid, index, field.name, i);
        const fieldValues = values.additional[field.name] ?? [];
        return (
          <AdditionalFieldInput
            key={field.name}
            field={field}
            id={fieldDomId(prefix, nameAt(0))}
            nameAt={nameAt}
            values={fieldValues}
            error={firstError(errors, nameAt, Math.max(fieldValues.length, 1))}
            readOnly={false}
            contentLanguages={contentLanguages}
            countries={countries}
            now={now}
            onChange={(next) => onChange({ ...values.additional, [field.name]: next })}
          />
        );
      })}
      {moveTargets.length > 0 && onMove ? (
        <div className="field booking-supplement__move">
          <label htmlFor={moveId}>{t('reservation-page.additional-service.move')}</label>
          <div className="booking-supplement__move-row">
            <select id={moveId} value={target} onChange={(e) => setChosen(e.target.value)}>
              {moveTargets.map((ticket) => (
                <option key={ticket.uuid} value={ticket.uuid}>
                  {t('reservation-page.additional-service.move-to', ticket.number)}
                </option>
              ))}
            </select>
            <button type="button" className="button button--secondary" onClick={() => onMove(target)}>
              {t('storefront.supplement.move')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function firstError(errors: BookingErrors, nameAt: (index: number) => string, count: number): FieldError | undefined {
  for (let i = 0; i < count; i++) {
    const error = errors[nameAt(i)];
    if (error) return error;
  }
  return undefined;
}
