import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@ticketing/kernel';
import { ApiAntiForgery, ApiBadPathValue, ApiBadRequestText, ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { OnlineCheckout } from './online-checkout.js';
import { InitCardPayment } from './init-card-payment.js';
import { paymentResultOf } from './online-payment.controller.js';
import { LegacyEventPaymentMethodPathDto, LegacyEventReservationPathDto, PaymentMethodPathDto, PaymentResultDto, TransactionInitializationTokenDto } from './online-payment.dto.js';
import { OnlinePaymentQueries } from './online-payment.queries.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

/**
 * The payment calls of older alf.io clients (reference 3.8 and the deprecated event-scoped force-check): the same
 * semantics as the public ones, the status in the `PaymentResult` shape.
 */
@ApiTags('payments')
@Controller()
export class LegacyPaymentController {
  constructor(
    private readonly initCard: InitCardPayment,
    private readonly queries: OnlinePaymentQueries,
    private readonly checkout: OnlineCheckout,
  ) {}

  @Post('api/reservation/:reservationId/payment/:method/init')
  @HttpCode(200)
  @ApiOperation({ operationId: 'initPaymentLegacy', summary: 'Legacy alias of initPayment (reference 3.8).', deprecated: true })
  @ApiNotFound('Provider')
  @ApiBadPathValue('The method')
  @ApiBadRequestText('No such reservation: `Passed reservationId does not exist.` (alf.io: an empty body).')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: TransactionInitializationTokenDto })
  init(@Param() path: PaymentMethodPathDto, @Req() request: SessionRequest): Promise<TransactionInitializationTokenDto> {
    return this.initCard.run(path.reservationId, path.method, actorOf(request));
  }

  @Post('api/events/:eventName/reservation/:reservationId/payment/:method/init')
  @HttpCode(200)
  @ApiOperation({ operationId: 'initEventPaymentLegacy', summary: 'Legacy event-scoped alias of initPayment (reference 3.8).', deprecated: true })
  @ApiNotFound('Provider')
  @ApiBadPathValue('The method')
  @ApiBadRequestText('No such reservation: `Passed reservationId does not exist.` (alf.io: an empty body).')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: TransactionInitializationTokenDto })
  initForEvent(@Param() { reservationId, method }: LegacyEventPaymentMethodPathDto, @Req() request: SessionRequest): Promise<TransactionInitializationTokenDto> {
    return this.initCard.run(reservationId, method, actorOf(request));
  }

  @Get('api/reservation/:reservationId/payment/:method/status')
  @ApiOperation({ operationId: 'getPaymentStatusLegacy', summary: 'Legacy payment status, in the PaymentResult shape (reference 3.8).', deprecated: true })
  @ApiNotFound('Payment')
  @ApiBadPathValue('The method')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PaymentResultDto })
  status(@Param() path: PaymentMethodPathDto, @Req() request: SessionRequest): Promise<PaymentResultDto> {
    return this.statusOf(path, request);
  }

  @Get('api/events/:eventName/reservation/:reservationId/payment/:method/status')
  @ApiOperation({ operationId: 'getEventPaymentStatusLegacy', summary: 'Legacy event-scoped payment status, in the PaymentResult shape (reference 3.8).', deprecated: true })
  @ApiNotFound('Payment')
  @ApiBadPathValue('The method')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PaymentResultDto })
  statusForEvent(@Param() { reservationId, method }: LegacyEventPaymentMethodPathDto, @Req() request: SessionRequest): Promise<PaymentResultDto> {
    return this.statusOf({ reservationId, method }, request);
  }

  @Get('api/v2/public/event/:eventName/reservation/:reservationId/transaction/force-check')
  @ApiOperation({ operationId: 'forceCheckEventTransaction', summary: 'Deprecated event-scoped alias of forceCheckTransaction (reference 3.3 item 26).', deprecated: true })
  @ApiNotFound('Payment')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PaymentResultDto })
  async forceCheck(@Param() { reservationId }: LegacyEventReservationPathDto, @Req() request: SessionRequest): Promise<PaymentResultDto> {
    const checked = await this.checkout.check(reservationId, actorOf(request));
    if (!checked) throw new NotFoundError('payment', reservationId);
    return paymentResultOf(checked);
  }

  private async statusOf({ reservationId, method }: PaymentMethodPathDto, request: SessionRequest): Promise<PaymentResultDto> {
    const checked = await this.queries.latestAttempt(reservationId, method, actorOf(request));
    if (!checked) throw new NotFoundError('payment', reservationId);
    return paymentResultOf(checked);
  }
}
