import type { PaymentForm } from '@ticketing/api-client';
import type { ReservationInfo } from '../../../api/reservation-queries';
import type { OfferedPaymentMethod } from './payment-methods';

/** The overview form (spec 3): the method chosen and the acceptances. */
export interface OverviewFormValues {
  readonly method: OfferedPaymentMethod['method'] | null;
  readonly termsAccepted: boolean;
  readonly privacyAccepted: boolean;
}

export interface ConfirmContext {
  readonly expired: boolean;
  readonly free: boolean;
  /** The purchase context has a privacy policy: its acceptance is required too. */
  readonly privacyRequired: boolean;
  /** The chosen method's provider can pay: a card form reports its card complete (true for any other method). */
  readonly paymentReady?: boolean;
}

/**
 * Spec 5: pay/confirm is disabled once the reservation expired, while a paid order has no method chosen or its
 * provider is not ready (a card not complete yet), or while the terms (and the privacy policy, when there is one)
 * are not accepted.
 */
export function canConfirm(values: OverviewFormValues, context: ConfirmContext): boolean {
  if (context.expired) return false;
  if (!context.free && (values.method === null || context.paymentReady === false)) return false;
  if (!values.termsAccepted) return false;
  return !context.privacyRequired || values.privacyAccepted;
}

/**
 * The body of the confirm call (reference 3.3 item 21): a free order pays with NONE. `captcha`: the solved
 * reCAPTCHA's token where the overview shows one (captchaKeyOf), else null.
 */
export function paymentFormOf(values: OverviewFormValues, methods: readonly OfferedPaymentMethod[], free: boolean, captcha: string | null = null): PaymentForm {
  const chosen = free ? undefined : methods.find((m) => m.method === values.method);
  return {
    paymentProxy: chosen ? (chosen.proxy as PaymentForm['paymentProxy']) : 'NONE',
    selectedPaymentMethod: chosen ? chosen.method : 'NONE',
    termAndConditionsAccepted: values.termsAccepted,
    privacyPolicyAccepted: values.privacyAccepted,
    captcha,
  };
}

/**
 * Spec 3 (Overview, 185): the reCAPTCHA site key when the overview shows the captcha, else null. A paid order: when
 * the chosen method's parameters ask for it (bank transfer, on site: `captchaRequestedForOffline`, with their
 * `recaptchaApiKey`); a free one: when the purchase context's captcha configuration asks for it for free orders.
 */
export function captchaKeyOf(
  chosen: Pick<OfferedPaymentMethod, 'parameters'> | undefined,
  free: boolean,
  captcha: { readonly captchaForOfflinePaymentAndFree: boolean; readonly recaptchaApiKey: string | null },
): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  if (free) return captcha.captchaForOfflinePaymentAndFree ? text(captcha.recaptchaApiKey) : null;
  return chosen?.parameters['captchaRequestedForOffline'] === true ? text(chosen.parameters['recaptchaApiKey']) : null;
}

/** The reservation pages after the overview (spec 4, status to page). */
export type ReservationPage = 'success' | 'waiting-payment' | 'deferred-payment' | 'processing-payment' | 'overview' | 'book';

/**
 * Where a confirmed reservation goes. The reservation guard owns the full table; this covers what a confirm can
 * lead to, and the guard corrects anything else on arrival.
 */
export function pageAfterConfirm(status: ReservationInfo['status']): ReservationPage {
  switch (status) {
    case 'OFFLINE_PAYMENT':
    case 'OFFLINE_FINALIZING':
      return 'waiting-payment';
    case 'DEFERRED_OFFLINE_PAYMENT':
      return 'deferred-payment';
    case 'EXTERNAL_PROCESSING_PAYMENT':
    case 'WAITING_EXTERNAL_CONFIRMATION':
      return 'processing-payment';
    default:
      return 'success';
  }
}
