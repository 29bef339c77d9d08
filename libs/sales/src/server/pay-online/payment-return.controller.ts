import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@ticketing/kernel';
import { OnlinePayments } from '@ticketing/payments/contracts';
import { ApiNotFound, ApiValidationFailure } from '@ticketing/wire';
import type { FastifyReply } from 'fastify';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { Inject } from '@nestjs/common';
import type { EventStore } from '@ticketing/event-store';
import { SALES_EVENT_STORE } from '../tokens.js';
import { OnlineCheckout } from './online-checkout.js';
import { AttemptPathDto, ReturnQueryDto } from './online-payment.dto.js';

/** The storefront page of each status after a redirect payment (spec point 4, status to page). */
const PAGE_OF: Readonly<Record<string, string>> = {
  COMPLETE: 'success',
  EXTERNAL_PROCESSING_PAYMENT: 'processing-payment',
  WAITING_EXTERNAL_CONFIRMATION: 'processing-payment',
  OFFLINE_PAYMENT: 'waiting-payment',
  DEFERRED_OFFLINE_PAYMENT: 'deferred-payment',
  PENDING: 'overview',
};

/**
 * Where a redirect provider (Mollie, PayPal, Saferpay, Stripe's 3-D Secure page) sends the buyer back: the
 * attempt is checked with the provider at once (PayPal's approved order is captured then), the order follows
 * it, and the buyer lands on the page of the order's status: success, the processing page while the provider
 * confirms, or the overview again when the payment failed or was cancelled (its reason shown there).
 */
@ApiTags('payments')
@Controller('api/payments')
export class PaymentReturnController {
  constructor(
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly payments: OnlinePayments,
    private readonly checkout: OnlineCheckout,
    private readonly reservations: ReservationLog,
  ) {}

  @Get('return/:attemptId')
  @ApiOperation({ operationId: 'returnFromPaymentProvider', summary: "The buyer back from a provider's page: 303 to the storefront page of the order's status after the provider was asked." })
  @ApiResponse({ status: 303, description: 'To the storefront page of the reservation.' })
  @ApiNotFound('Payment')
  @ApiValidationFailure()
  async back(
    @Param() { attemptId }: AttemptPathDto,
    @Query() { cancelled }: ReturnQueryDto,
    @Req() request: SessionRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const attempt = await this.payments.attempt(attemptId);
    if (!attempt) throw new NotFoundError('payment', attemptId);
    const actor = actorOf(request);
    // the buyer cancelled on the provider's page (PayPal's "Cancel and return"): that payment is given up, unless
    // the provider says it was paid after all; an unreachable provider leaves it to the processing page
    const follow = cancelled === 'true' ? this.checkout.abandon(attempt.reservationId, actor, attemptId) : this.checkout.reconcile(attempt.reservationId, actor);
    await follow.catch(() => null);
    const { state } = await this.reservations.load(attempt.reservationId);
    if (state.status === 'NONE') throw new NotFoundError('reservation', attempt.reservationId);
    const page = PAGE_OF[state.status] ?? 'not-found';
    const context = state.opened.purchaseContext;
    const purchasePath = context ? `/subscription/${context.descriptorId}` : `/event/${encodeURIComponent(state.eventShortName)}`;
    await reply.redirect(`${purchasePath}/reservation/${attempt.reservationId}/${page}`, 303);
  }
}
