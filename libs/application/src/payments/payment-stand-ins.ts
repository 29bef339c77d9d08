import { Logger } from '@nestjs/common';
import { STAND_IN_CREDENTIALS, type StandInUrls } from '@ticketing/payments/server';
import {
  startMollieStandIn,
  startPayPalStandIn,
  startSaferpayStandIn,
  startStripeStandIn,
  type MollieStandIn,
  type PayPalStandIn,
  type SaferpayStandIn,
  type StripeStandIn,
} from '@ticketing/payments/stand-ins';

export interface RunningStandIns {
  readonly urls: StandInUrls;
  /** The live stand-ins, for a test to drive what a provider does on its own (3-D Secure, held webhooks, outages). */
  readonly stripe: StripeStandIn;
  readonly mollie: MollieStandIn;
  readonly paypal: PayPalStandIn;
  readonly saferpay: SaferpayStandIn;
  close(): Promise<void>;
}

/**
 * Payment test mode: the four providers' stand-ins on 127.0.0.1, their account-wide webhooks (Stripe, PayPal)
 * pointed at this server's test endpoint. Mollie and Saferpay call the URL given with each payment.
 */
export async function startPaymentStandIns(publicBaseUrl: string): Promise<RunningStandIns> {
  const [stripe, mollie, paypal, saferpay] = await Promise.all([startStripeStandIn(), startMollieStandIn(), startPayPalStandIn(), startSaferpayStandIn()]);
  stripe.addWebhookEndpoint(`${publicBaseUrl}/api/payments/stripe/webhook/${TEST_ACCOUNT}`, STAND_IN_CREDENTIALS.stripe.webhookSecret);
  paypal.addWebhookEndpoint(`${publicBaseUrl}/api/payments/paypal/webhook/${TEST_ACCOUNT}`, STAND_IN_CREDENTIALS.paypal.webhookId);
  new Logger('Payments').log({ msg: 'payment test mode: providers without keys use local stand-ins', stripe: stripe.url, mollie: mollie.url, paypal: paypal.url, saferpay: saferpay.url });
  return {
    urls: { stripe: stripe.url, mollie: mollie.url, paypal: paypal.url, saferpay: saferpay.url },
    stripe,
    mollie,
    paypal,
    saferpay,
    close: async () => {
      await Promise.all([stripe.close(), mollie.close(), paypal.close(), saferpay.close()]);
    },
  };
}

/** The organizer segment of the stand-ins' account-wide webhook URLs: the test account, not an organizer. */
export const TEST_ACCOUNT = '_test';
