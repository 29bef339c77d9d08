import { Logger } from '@nestjs/common';
import { STAND_IN_CREDENTIALS, type StandInUrls } from '@ticketing/payments/server';
import { startMollieStandIn, startPayPalStandIn, startSaferpayStandIn, startStripeStandIn } from '@ticketing/payments/stand-ins';

export interface RunningStandIns {
  readonly urls: StandInUrls;
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
    close: async () => {
      await Promise.all([stripe.close(), mollie.close(), paypal.close(), saferpay.close()]);
    },
  };
}

/** The organizer segment of the stand-ins' account-wide webhook URLs: the test account, not an organizer. */
export const TEST_ACCOUNT = '_test';
