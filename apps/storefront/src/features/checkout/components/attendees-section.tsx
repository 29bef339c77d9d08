import { useEffect, useId, useRef, useState } from 'react';
import type { BookingErrors, BookingFormPatch, BookingFormValues, Country, TicketFormValues } from '../../booking';
import { AttendeeForm, attendeeEmailReadOnly, CheckboxField, contactAsAttendee, SupplementItemForm } from '../../booking';
import { useLanguage, useTranslate } from '../../i18n';
import type { SupplementItem, TicketGroup } from '../model/booking-prefill';
import { moveSupplementItem } from '../model/booking-prefill';

interface Props {
  readonly groups: readonly TicketGroup[];
  readonly supplements: readonly SupplementItem[];
  readonly values: BookingFormValues;
  readonly errors: BookingErrors;
  readonly onChange: (patch: BookingFormPatch) => void;
  /** An edit of one attendee (the page tracks what the buyer typed on the first ticket). */
  readonly onTicketChange: (uuid: string, patch: Partial<TicketFormValues>) => void;
  readonly contentLanguages: readonly { locale: string; displayLanguage: string }[];
  readonly countries: readonly Country[];
  readonly lockEmailEdit: boolean;
  /** Spec 2: the first (only) ticket offers to copy the contact data. */
  readonly copyContact: boolean;
  /** Spec 2: 'postpone assignment' is offered (see postponeAssignmentOffered). */
  readonly postponeOffered: boolean;
  readonly now: number;
}

/**
 * The attendees of an event reservation (spec 2): tickets grouped by category and numbered, each with its
 * attendee form and, under it, the supplement items linked to it with their fields; the postpone-assignment
 * box, when offered, hides the per-ticket forms while ticked. A supplement item moved to another ticket is shown
 * anew under it (the Move button the focus was on goes with the old one): the focus goes to its heading there, and
 * a polite live region says where it went.
 */
export function AttendeesSection(props: Props) {
  const { groups, supplements, values, errors, onChange, postponeOffered } = props;
  const t = useTranslate();
  const lang = useLanguage();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  /** The last move: which item, and what the live region says about it (a new object per move). */
  const [moved, setMoved] = useState<{ readonly itemId: number; readonly news: string } | null>(null);
  useEffect(() => {
    if (moved) section.current?.querySelector<HTMLElement>(`[data-supplement-item="${moved.itemId}"] h4`)?.focus();
  }, [moved]);
  const numbers = groups.flatMap((g) => g.tickets.map(({ ticket, number }) => ({ uuid: ticket.uuid, number })));
  if (numbers.length === 0) return null;
  const postponed = postponeOffered && values.postponeAssignment;

  const patchTicket = props.onTicketChange;

  return (
    <section ref={section} className="booking-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reservation-page.attendees')}</h2>
      {postponeOffered ? (
        <>
          <CheckboxField
            id={`${headingId}-postpone`}
            name="postponeAssignment"
            label={t('reservation-page.postpone-assignment')}
            checked={values.postponeAssignment}
            onChange={(checked) => onChange({ postponeAssignment: checked })}
          />
          {postponed ? <p className="notice notice--info">{t('reservation-page.postpone-assignment.info')}</p> : null}
        </>
      ) : null}
      {postponed
        ? null
        : groups.map((group) => (
            <div key={group.categoryName} className="checkout-category">
              {group.tickets.map(({ ticket, number }) => {
                const attendee = values.tickets[ticket.uuid];
                if (!attendee) return null;
                const links = values.additionalServices[ticket.uuid] ?? [];
                return (
                  <div key={ticket.uuid} className="checkout-ticket">
                    <AttendeeForm
                      ticket={ticket}
                      categoryName={group.categoryName}
                      ticketNumber={number}
                      values={attendee}
                      errors={errors}
                      onChange={(patch) => patchTicket(ticket.uuid, patch)}
                      contentLanguages={props.contentLanguages}
                      countries={props.countries}
                      lockEmailEdit={props.lockEmailEdit}
                      onCopyContact={
                        props.copyContact && number === 1
                          ? () => patchTicket(ticket.uuid, contactAsAttendee(values, attendeeEmailReadOnly(ticket, props.lockEmailEdit)))
                          : undefined
                      }
                      now={() => props.now}
                    />
                    {links.map((link, index) => {
                      const item = supplements.find((s) => s.itemId === link.additionalServiceItemId);
                      if (!item || item.ticketFieldConfiguration.length === 0) return null;
                      return (
                        <SupplementItemForm
                          key={link.additionalServiceItemId}
                          title={item.title}
                          fields={item.ticketFieldConfiguration}
                          ticketUuid={ticket.uuid}
                          index={index}
                          ticketNumber={number}
                          values={link}
                          errors={errors}
                          onChange={(additional) =>
                            onChange({
                              additionalServices: {
                                ...values.additionalServices,
                                [ticket.uuid]: links.map((l, i) => (i === index ? { ...l, additional } : l)),
                              },
                            })
                          }
                          moveTargets={numbers.filter((n) => n.uuid !== ticket.uuid)}
                          onMove={(to) => {
                            onChange({ additionalServices: moveSupplementItem(values, link.additionalServiceItemId, to) });
                            const name = item.title[lang] ?? Object.values(item.title)[0] ?? '';
                            const toNumber = numbers.find((n) => n.uuid === to)?.number ?? '';
                            setMoved({ itemId: link.additionalServiceItemId, news: t('storefront.supplement.moved', name, toNumber) });
                          }}
                          contentLanguages={props.contentLanguages}
                          countries={props.countries}
                          now={props.now}
                        />
                      );
                    })}
                  </div>
                );
              })}
            </div>
          ))}
      <p className="visually-hidden" role="status">
        {moved?.news}
      </p>
    </section>
  );
}
