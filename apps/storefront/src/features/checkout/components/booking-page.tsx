import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { FormEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import { usePurchaseContextSuspense } from '../../../api/purchase-context-queries';
import { useReservationInfoSuspense } from '../../../api/reservation-queries';
import { useLazyParts } from '../../../app/lazy-part';
import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';
import { isUuidV4 } from '../../../app/search-params';
import { stringifySearch } from '../../../app/search-serialization';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import type { BookingErrors, BookingFormPatch, BookingFormValues, FieldError, TicketFormValues } from '../../booking';
import {
  attendeeEmailReadOnly,
  attendeeReadOnly,
  ContactSection,
  copyContactOffered,
  ErrorSummary,
  invoiceModeOf,
  InvoiceSection,
  postponeAssignmentOffered,
  StepIndicator,
  clearFieldErrorOn,
  ticketFieldName,
  withoutFieldError,
  useFocusFirstInvalid,
  ValidityCountdown,
} from '../../booking';
import { openIdEnabledAtom } from '../../auth/atoms';
import { isEmbedded } from '../../embedding';
import { useLanguage, useLocalized, useTranslate } from '../../i18n';
import { cancelReservationDialog, expiredDialog, preloadCheckoutDialogs, warningDialog } from '../checkout-dialog-parts';
import { account, attendees, subscriptionOwner } from '../booking-parts';
import { useBackToEvent } from '../hooks/use-back-to-event';
import { useCancelReservation } from '../hooks/use-cancel-reservation';
import { useCountries } from '../hooks/use-countries';
import { useReservationRefresh } from '../hooks/use-reservation-refresh';
import { useValidateToOverview } from '../hooks/use-validate-to-overview';
import type { ContactField } from '../model/attendee-autocomplete';
import { autocompleteFillable, withAttendeeAutocomplete } from '../model/attendee-autocomplete';
import { allTickets, bookingFormOf, subscriptionFieldsOf, supplementItemsOf, ticketGroupsOf } from '../model/booking-prefill';
import type { BookingSearch } from '../model/checkout-search';
import { UNEXPECTED_ERROR } from '../model/checkout-errors';
import { withContactFromFirstAttendee } from '../model/hidden-contact';
import { carriedSearch } from '../model/checkout-search';
import { ReservationHeading } from './reservation-heading';
import '../checkout.css';

// The booking rules run only on submit: they come in a chunk of their own, loaded when the visitor gets into the form.
const loadBookingCheck = () => import('../model/check-booking');
// The server's refusals are placed under their fields on a refused submit only: that code comes with the rules' check.
const loadServerErrors = () => import('../../booking/model/server-errors');
// The pass of a `subscription` link is applied on submit: only addresses carrying one load its call.
const loadPassLink = () => import('../model/apply-pass-link');

interface Props {
  /** The event or the subscription the reservation buys. */
  readonly context: PurchaseContextRef;
  readonly reservationId: string;
  readonly search: BookingSearch;
  /** The clock (epoch ms) for the countdown and the date-of-birth limit; tests pass their own. */
  readonly now?: () => number;
}

/**
 * Step 2 (spec 2, Booking step): contact, invoice, and the event's attendees with their supplement items or the
 * pass's owner, prefilled with what the server recorded. Continue checks the form with the server's own booking rules first, then calls
 * validate-to-overview; errors from either land under their fields (or in the summary), the focus on the first
 * one; warnings open the warning modal; success goes to the overview. The countdown's expiry opens the static
 * expired modal; cancel asks first.
 */
export function BookingPage({ context, reservationId, search, now = Date.now }: Props) {
  const t = useTranslate();
  const lang = useLanguage();
  const localize = useLocalized();
  const navigate = useNavigate();
  const info = useReservationInfoSuspense(reservationId);
  const event = usePurchaseContextSuspense(context);
  const countries = useCountries();
  // with login on, the login suggestion or the profile's prefill (spec 2 and 6)
  const loginOn = useAtomValue(openIdEnabledAtom);
  const carry = carriedSearch(search);

  const free = info.orderSummary.free;
  const invoicing = event.invoicingConfiguration;
  const mode = invoiceModeOf(invoicing, free);
  const groups = useMemo(() => ticketGroupsOf(info), [info]);
  const tickets = useMemo(() => allTickets(groups), [groups]);
  const supplements = useMemo(() => supplementItemsOf(info), [info]);
  const passFields = useMemo(() => subscriptionFieldsOf(info), [info]);
  useLazyParts(passFields !== null && subscriptionOwner, tickets.length > 0 && attendees);

  const [values, setValues] = useState<BookingFormValues>(() => {
    const saved = bookingFormOf(info, event.contentLanguages, lang);
    return search.requestInvoice && mode === 'on-request' ? { ...saved, invoiceRequested: true } : saved;
  });
  const [errors, setErrors] = useState<BookingErrors>({});
  const [globalErrors, setGlobalErrors] = useState<readonly FieldError[]>([]);
  const [warning, setWarning] = useState<FieldError | null>(null);
  const [expired, setExpired] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const goToFirstError = useFocusFirstInvalid(formRef);
  const clearFieldError = clearFieldErrorOn(setErrors);
  const { validate, pending } = useValidateToOverview(reservationId);
  const { refresh } = useReservationRefresh(reservationId);
  const cancellation = useCancelReservation(context, reservationId, carry);
  const backToEvent = useBackToEvent(context, carry);

  const title = localize(event.title, event.contentLanguages) || event.displayName;
  useDocumentTitle(`${t('breadcrumb.step2')} - ${title}`);

  // Spec 5: with attendee autocomplete the contact fills the first ticket's empty, untouched fields.
  const firstTicket = tickets[0];
  // Spec 4: embedded, hideContactData hides the contact (a reservation with tickets only: the first attendee is the buyer)
  const contactHidden = info.metadata.hideContactData && firstTicket !== undefined && isEmbedded(event.embeddingConfiguration);
  const submitted = () => (contactHidden ? withContactFromFirstAttendee(values, firstTicket?.uuid) : values);
  const fillable = useRef(
    event.assignmentConfiguration.enableAttendeeAutocomplete && firstTicket
      ? autocompleteFillable(values, firstTicket.uuid, {
          firstName: attendeeReadOnly(firstTicket),
          lastName: attendeeReadOnly(firstTicket),
          email: attendeeEmailReadOnly(firstTicket, info.metadata.lockEmailEdit),
        })
      : new Set<ContactField>(),
  );
  const onChange = (patch: BookingFormPatch) => {
    // what autocomplete copies into the first ticket changes that field too: its error goes with the contact's
    for (const field of Object.keys(patch)) if (firstTicket && fillable.current.has(field as ContactField)) setErrors(withoutFieldError(ticketFieldName(firstTicket.uuid, field as ContactField)));
    setValues((v) => withAttendeeAutocomplete(v, patch, firstTicket?.uuid, fillable.current));
  };
  const onTicketChange = (uuid: string, patch: Partial<TicketFormValues>) => {
    if (uuid === firstTicket?.uuid) for (const field of Object.keys(patch)) fillable.current.delete(field as ContactField);
    setValues((v) => ({
      ...v,
      tickets: { ...v.tickets, [uuid]: { ...v.tickets[uuid]!, ...patch } },
    }));
  };
  /** The names of the controls on screen: an error about anything else is shown in the summary. */
  const shownFields = () =>
    Array.from(formRef.current?.elements ?? [])
      .map((e) => (e as HTMLInputElement).name)
      .filter(Boolean);

  const showErrors = (fields: BookingErrors, global: readonly FieldError[]) => {
    setErrors(fields);
    setGlobalErrors(global);
    if (Object.keys(fields).length > 0) goToFirstError();
    else summaryRef.current?.scrollIntoView?.({ block: 'center' });
  };

  const send = async (ignoreWarnings: boolean) => {
    setSubmitting(true);
    // Spec 4 and 5: the pass of the `subscription` link (a UUID v4; checked here again since the router hands on
    // the raw value of a parameter its parser dropped) pays for a ticket first; the overview is reached whether it
    // did or not (it shows the pass in the summary, or its code form).
    if (!ignoreWarnings && context.type === 'event' && search.subscription && isUuidV4(search.subscription)) {
      const passId = search.subscription;
      const { email } = submitted();
      await loadPassLink().then(({ applyPassLink }) => applyPassLink(reservationId, passId, email), () => undefined);
    }
    const outcome = await validate({
      values: mode === 'always' ? { ...submitted(), invoiceRequested: true } : submitted(),
      ignoreWarnings,
    });
    if (outcome.kind === 'validated') {
      setWarning(null);
      await refresh();
      await navigate({
        href: reservationPageHref(context, reservationId, 'overview', stringifySearch({ ...carry })),
      });
      return;
    }
    if (outcome.kind === 'gone') return;
    setSubmitting(false);
    if (outcome.kind === 'warnings') {
      setWarning(outcome.warnings[0] ?? null);
      return;
    }
    setWarning(null);
    // should that chunk not load, the refusal still shows: as the unexpected error, in the summary
    const mapped = await loadServerErrors().then(
      (m) => m.mapServerErrors(outcome.errors, shownFields()),
      () => ({ fields: {}, global: [{ code: UNEXPECTED_ERROR, args: [] }] }),
    );
    showErrors(mapped.fields, mapped.global);
  };

  const checking = useRef(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (expired || submitting || checking.current) return;
    // The server's rules first, on what the server would receive: what they refuse is not sent. Should their
    // chunk not load, the server checks the same rules anyway.
    checking.current = true;
    const check = await loadBookingCheck().catch(() => null);
    checking.current = false;
    const found = check?.checkBooking(submitted(), info, event, now(), shownFields());
    if (found && (Object.keys(found.fields).length > 0 || found.global.length > 0)) {
      showErrors(found.fields, found.global);
      return;
    }
    setErrors({});
    setGlobalErrors([]);
    void send(false);
  };

  const busy = submitting || pending;
  // The visitor's first move on the page loads what only their actions need: the rules' check and the dialogs.
  const prepare = () => {
    void loadBookingCheck().catch(() => undefined);
    void loadServerErrors().catch(() => undefined);
    preloadCheckoutDialogs();
  };
  return (
    <div className="checkout-page" onFocus={prepare} onPointerDown={prepare}>
      <StepIndicator current={2} free={free} />
      <ReservationHeading title={t('breadcrumb.step2')} eventTitle={title} shortId={info.shortId} />
      <ValidityCountdown expiresAt={info.validity} now={now} onExpired={() => setExpired(true)} />
      <form ref={formRef} className="checkout-form" noValidate onSubmit={(e) => void onSubmit(e)} onChange={clearFieldError}>
        <div ref={summaryRef}>
          {contactHidden ? <ErrorSummary globalErrors={globalErrors} hasFieldErrors={Object.keys(errors).length > 0} /> : null}
        </div>
        {contactHidden ? null : (
          <ContactSection
            idPrefix="contact"
            values={values}
            errors={errors}
            globalErrors={globalErrors}
            onChange={onChange}
            login={loginOn ? <account.Part values={values} setValues={setValues} /> : null}
          />
        )}
        <InvoiceSection
          idPrefix="invoice"
          values={values}
          errors={errors}
          onChange={onChange}
          invoicing={invoicing}
          free={free}
          countries={countries}
          scrollIntoViewOnMount={search.requestInvoice === true && mode !== 'none'}
        />
        {passFields ? (
          <subscriptionOwner.Part
            values={values}
            errors={errors}
            onChange={onChange}
            fieldsBefore={passFields.before}
            fieldsAfter={passFields.after}
            contentLanguages={event.contentLanguages}
            countries={countries}
            now={now()}
          />
        ) : null}
        {tickets.length > 0 ? (
          <attendees.Part
            groups={groups}
            supplements={supplements}
            values={values}
            errors={errors}
            onChange={onChange}
            onTicketChange={onTicketChange}
            contentLanguages={event.contentLanguages}
            countries={countries}
            lockEmailEdit={info.metadata.lockEmailEdit}
            copyContact={copyContactOffered(tickets.length, event.assignmentConfiguration.enableAttendeeAutocomplete)}
            postponeOffered={postponeAssignmentOffered({
              additionalServiceCount: supplements.length,
              forceAssignment: event.assignmentConfiguration.forceAssignment,
              ticketCount: tickets.length,
              containsCategoriesLinkedToGroups: info.containsCategoriesLinkedToGroups,
            })}
            now={now()}
          />
        ) : null}
        <p className="form-note">{t('common.required-fields.note')}</p>
        <div className="checkout-actions">
          <button type="submit" className="button button--large" disabled={expired} aria-busy={busy || undefined}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t('reservation-page.continue')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirmCancel(true)}>
            {t('reservation-page.cancel-reservation')}
          </button>
        </div>
      </form>
      {warning ? <warningDialog.Part warning={warning} pending={busy} onCheck={() => setWarning(null)} onProceed={() => void send(true)} /> : null}
      {confirmCancel && !expired ? (
        <cancelReservationDialog.Part pending={cancellation.pending} onNo={() => setConfirmCancel(false)} onYes={() => void cancellation.cancel()} />
      ) : null}
      {expired ? <expiredDialog.Part onBackToEvent={() => void backToEvent()} /> : null}
    </div>
  );
}
