import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@ticketing/kernel';
import { ApiAntiForgery, ApiBadPathValue, ApiBadRequestText, ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { InitCardPayment } from './init-card-payment.js';
import { OnlineCheckout, type CheckedAttempt } from './online-checkout.js';
import { PaymentResultDto, PaymentMethodPathDto, ReservationPaymentResultDto, TransactionInitializationTokenDto } from './online-payment.dto.js';
import { OnlinePaymentQueries } from './online-payment.queries.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

/**
 * The calls a card or redirect payment makes from the overview (reference 3.3 items 24-27): init (the card's
 * client secret), status polling, a check with the provider, and abandoning the payment or its held token.
 */
@ApiTags('payments')
@Controller('api/v2/public')
export class OnlinePaymentController {
  constructor(
    private readonly checkout: OnlineCheckout,
    private readonly queries: OnlinePaymentQueries,
    private readonly initCard: InitCardPayment,
  ) {}

  @Post('reservation/:reservationId/payment/:method/init')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'initPayment',
    summary:
      'Starts (or resumes) a card payment: the order moves to EXTERNAL_PROCESSING_PAYMENT with its seats held for the payment, and the answer carries the ' +
      'client secret the browser confirms the card with. reservationStatusChanged when the order moved meanwhile (paid, or no longer payable). 404 when no ' +
      "provider of the organizer takes the method with a payment the browser confirms (a redirect provider's method is paid through the overview's " +
      "confirm); 400 for a method that is not one and for an unknown reservation (as alf.io).",
  })
  @ApiNotFound('Provider')
  @ApiBadPathValue('The method')
  @ApiBadRequestText('No such reservation: `Passed reservationId does not exist.` (alf.io: an empty body).')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: TransactionInitializationTokenDto })
  init(@Param() { reservationId, method }: PaymentMethodPathDto, @Req() request: SessionRequest): Promise<TransactionInitializationTokenDto> {
    return this.initCard.run(reservationId, method, actorOf(request));
  }


  @Get('reservation/:reservationId/payment/:method/status')
  @ApiOperation({
    operationId: 'getPaymentStatus',
    summary: "The latest payment of this method: success once paid, failure once it failed (the provider's words in the reservation's lastPaymentFailure), all false while pending. 404 when there is none.",
  })
  @ApiNotFound('Payment')
  @ApiBadPathValue('The method')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: ReservationPaymentResultDto })
  async status(@Param() { reservationId, method }: PaymentMethodPathDto, @Req() request: SessionRequest): Promise<ReservationPaymentResultDto> {
    const attempt = (await this.queries.latestAttempt(reservationId, method, actorOf(request)))?.attempt;
    if (!attempt) throw new NotFoundError('payment', reservationId);
    return {
      success: attempt.status === 'SUCCEEDED',
      redirect: false,
      redirectUrl: null,
      failure: attempt.status === 'FAILED' || attempt.status === 'MISMATCHED' || attempt.status === 'ABANDONED',
      gatewayIdOrNull: attempt.providerReference,
    };
  }

  @Get('reservation/:reservationId/transaction/force-check')
  @ApiOperation({
    operationId: 'forceCheckTransaction',
    summary: 'Asks the provider about the payment in flight now and follows its answer (a paid order completes). 404 when no payment is in flight.',
  })
  @ApiNotFound('Payment')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PaymentResultDto })
  async forceCheck(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<PaymentResultDto> {
    const checked = await this.checkout.check(reservationId, actorOf(request));
    if (!checked) throw new NotFoundError('payment', reservationId);
    return paymentResultOf(checked);
  }

  @Delete('reservation/:reservationId/payment/token')
  @ApiOperation({ operationId: 'removePaymentToken', summary: 'Lets go of the held payment (the token of a payment in flight): the order is pending again and any method may be chosen. false when none is held.' })
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ApiResponse({ status: 200, description: 'Whether a held payment was let go.', schema: { type: 'boolean' } })
  removeToken(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<boolean> {
    return this.checkout.abandon(reservationId, actorOf(request));
  }

  @Delete('reservation/:reservationId/payment')
  @ApiOperation({ operationId: 'abandonPayment', summary: 'Cancels the payment in flight (at the provider too when it can): the order is pending again. false when none is in flight.' })
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ApiResponse({ status: 200, description: 'Whether a payment in flight was cancelled.', schema: { type: 'boolean' } })
  abandon(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<boolean> {
    return this.checkout.abandon(reservationId, actorOf(request));
  }
}

/**
 * `PaymentResult` (reference 26): the provider's page only for a payment its provider just said still waits for the
 * buyer there; one the provider confirms (the buyer is done: Mollie `pending`, PayPal approved) or one the provider
 * could not be asked about is pending, all false, so the processing page keeps waiting rather than sending the
 * buyer back to pay again.
 */
export function paymentResultOf({ attempt, answered }: CheckedAttempt): PaymentResultDto {
  const open = attempt.status === 'REQUESTED' || attempt.status === 'INITIATED';
  const pending = open || attempt.status === 'PROCESSING';
  const redirect = answered && open && attempt.redirectUrl !== null;
  return {
    redirectUrl: redirect ? attempt.redirectUrl : null,
    successful: attempt.status === 'SUCCEEDED',
    failed: !pending && attempt.status !== 'SUCCEEDED',
    initialized: false,
    redirect,
    gatewayIdOrNull: attempt.providerReference,
  };
}
