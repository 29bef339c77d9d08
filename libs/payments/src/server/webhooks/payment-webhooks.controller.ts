import { applyDecorators, Controller, Get, HttpCode, HttpException, Logger, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { OnlineProxy } from '@ticketing/payments/contracts';
import { ApiValidationFailure, identifier } from '@ticketing/wire';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { PaymentAttempts, UnknownPaymentReference } from '../attempts/payment-attempts.service.js';
import { WebhookRejected } from '../providers/payment-provider.js';

/** 200 taken (or ignored: a kind not followed, a payment not made here), 400 forged, 409 ours not known yet (sent again by the provider), 404 no such account, 422 a malformed path. */
function WebhookResponses(): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status: 200, description: 'Taken into account (or of a kind not followed).' }),
    ApiResponse({ status: 400, description: "Not the provider's: bad or missing signature, too old, or a payment the provider does not know; or no such provider." }),
    ApiResponse({ status: 404, description: 'No such account of this provider.' }),
    ApiResponse({ status: 409, description: 'A payment not known here yet: the provider delivers it again later.' }),
    ApiValidationFailure(),
  );
}

const providers = { stripe: 'STRIPE', mollie: 'MOLLIE', paypal: 'PAYPAL', saferpay: 'SAFERPAY' } as const satisfies Record<string, OnlineProxy>;

class WebhookPathDto extends createZodDto(z.object({ provider: z.enum(Object.keys(providers) as [keyof typeof providers]), organizer: identifier(100) })) {}

/**
 * One endpoint per provider and organizer account (`/api/payments/stripe/webhook/seeklang`): the provider's
 * notification is verified by its adapter (Stripe's signature within 300 s, PayPal's by its verify call, Mollie
 * and Saferpay by reading the payment back), then recorded on its attempt once, whatever the order and the
 * number of deliveries. A forged one is refused with 400 and logged; one for a payment of ours not recorded yet
 * answers 409, so the provider delivers it again later; one for a payment made elsewhere on the same account (no
 * attempt of ours named in it) answers 200 and is ignored, since the provider would retry a 409 for days.
 */
@ApiTags('payments')
@Controller('api/payments')
export class PaymentWebhooksController {
  private readonly logger = new Logger('PaymentWebhooks');

  constructor(private readonly attempts: PaymentAttempts) {}

  @Post(':provider/webhook/:organizer')
  @HttpCode(200)
  @ApiOperation({ operationId: 'receivePaymentWebhook', summary: "A payment provider's notification (signed or verified with the provider); 400 when forged." })
  @WebhookResponses()
  receive(@Param() path: WebhookPathDto, @Req() request: FastifyRequest & { rawBody?: Buffer }) {
    return this.handle(path, request);
  }

  /** Saferpay notifies with a GET on the URL it was given. */
  @Get(':provider/webhook/:organizer')
  @ApiOperation({ operationId: 'receivePaymentNotification', summary: "A provider's notification by GET (Saferpay); verified with the provider." })
  @WebhookResponses()
  receiveByGet(@Param() path: WebhookPathDto, @Req() request: FastifyRequest & { rawBody?: Buffer }) {
    return this.handle(path, request);
  }

  private async handle({ provider, organizer }: WebhookPathDto, request: FastifyRequest & { rawBody?: Buffer }) {
    const proxy = providers[provider];
    const body: unknown = request.body;
    const rawBody = request.rawBody ?? Buffer.from(typeof body === 'string' ? body : body ? JSON.stringify(body) : '');
    try {
      const attempt = await this.attempts.notify(proxy, organizer, { headers: request.headers, rawBody, query: request.query as Record<string, string | undefined> });
      return { received: true, attemptStatus: attempt?.status ?? null };
    } catch (error) {
      if (error instanceof WebhookRejected) {
        this.logger.warn({ msg: 'payment webhook refused', provider, organizer, reason: error.reason, ip: request.ip });
        throw new HttpException({ received: false, error: 'webhook.rejected' }, 400);
      }
      if (error instanceof UnknownPaymentReference) {
        this.logger.warn({ msg: 'payment webhook for an unknown payment, the provider will send it again', provider, reference: error.providerReference });
        throw new HttpException({ received: false, error: 'webhook.unknownPayment' }, 409);
      }
      throw error;
    }
  }
}
