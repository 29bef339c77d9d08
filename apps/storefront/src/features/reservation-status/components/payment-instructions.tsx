import type { PurchaseContextInfo } from '../../../api/purchase-context-queries';
import type { ReservationInfo } from '../../../api/reservation-queries';
import { useLocalized, useTranslate } from '../../i18n';
import { MessageWith } from './message-with';

interface PaymentInstructionsProps {
  readonly event: PurchaseContextInfo;
  readonly reservation: ReservationInfo;
  /**
   * A deferred transfer (DEFERRED_OFFLINE_PAYMENT): the order is confirmed already, so the texts that make
   * the confirmation wait for the money (the introduction, the closing step) are left out.
   */
  readonly deferred: boolean;
}

/** How to pay a bank transfer: by when, how much, to which account, with which payment reason (the short id). */
export function PaymentInstructions({ event, reservation, deferred }: PaymentInstructionsProps) {
  const t = useTranslate();
  const localize = useLocalized();
  const amount = `${reservation.orderSummary.totalPrice} ${event.currency}`;
  const reason = reservation.shortId.toUpperCase();
  // in the event's zone, named (a buyer elsewhere pays by the right instant), as the waiting room names it
  const formatted = localize(reservation.formattedExpirationDate, event.contentLanguages);
  const deadline = formatted && event.timeZone ? `${formatted} (${event.timeZone})` : formatted;
  const email = <a href={`mailto:${event.organizationEmail}`}>{event.organizationEmail}</a>;
  return (
    <section className="reservation-section" aria-labelledby="payment-instructions">
      <h2 id="payment-instructions">{deadline ? t('reservation-page-waiting.title', deadline) : t('reservation-page-waiting.header.title')}</h2>
      {deferred ? null : <p>{t('reservation-page-waiting.required-steps')}</p>}
      <dl className="bank-details">
        <div className="bank-details__row">
          <dt>{t('reservation-page-waiting.amount')}</dt>
          <dd className="bank-details__value">{amount}</dd>
        </div>
        <div className="bank-details__row">
          <dt>{t('reservation-page-waiting.bank-account')}</dt>
          <dd className="bank-details__value">{event.bankAccount}</dd>
        </div>
        {event.bankAccountOwner.length ? (
          <div className="bank-details__row">
            <dt>{t('reservation-page-waiting.bank-account-owner')}</dt>
            <dd>
              {event.bankAccountOwner.map((line, i) => (
                <span key={i} className="bank-details__line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        <div className="bank-details__row">
          <dt>{t('reservation-page-waiting.payment-reason')}</dt>
          <dd className="bank-details__value">{reason}</dd>
        </div>
      </dl>
      {event.offlinePaymentConfiguration?.showOnlyBasicInstructions ? null : (
        <ol className="payment-steps">
          <li>{t('reservation-page-waiting.required-steps.1', amount, event.bankAccount, reason)}</li>
          <li>
            <MessageWith t={t} messageKey="reservation-page-waiting.required-steps.2" args={[email]} />
          </li>
          {deferred ? null : <li>{t('reservation-page-waiting.required-steps.3')}</li>}
        </ol>
      )}
      {reservation.invoiceRequested ? <p>{t('reservation-page-waiting.invoice-will-be-sent')}</p> : null}
    </section>
  );
}
