import { Body, Controller, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, success, ZodResponse } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { CaptchaLangQueryDto, ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { localizedPaymentReason } from '../pay-online/payment-reason.js';
import { ConfirmReservationCommand } from './confirm-reservation.command.js';
import { PaymentFormDto, ReservationPaymentResultResponseDto } from './confirm-reservation.dto.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

/** Step 3: the overview confirmed with the way to pay (reference 3.3 item 21). */
@ApiTags('reservations')
@Controller('api/v2/public')
export class ConfirmReservationController {
  constructor(private readonly commands: CommandBus) {}

  @Post('reservation/:reservationId')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmOverview',
    summary:
      'Confirms the overview with the chosen way to pay: a free or on-site order completes and its tickets are issued; a bank transfer waits ' +
      '(OFFLINE_PAYMENT) until its deadline, or, where the event defers transfers, is accepted at once with its tickets (DEFERRED_OFFLINE_PAYMENT, ' +
      'due by the event begin). Confirming again changes nothing. 422 with the reference codes (expired, payment method, terms, captcha).',
  })
  @ApiNotFound('Reservation')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ReservationPaymentResultResponseDto })
  async confirm(
    @Param() { reservationId }: ReservationIdPathDto,
    @Query() { lang, 'g-recaptcha-response': recaptchaResponse }: CaptchaLangQueryDto,
    @Body() form: PaymentFormDto,
    @Req() request: SessionRequest,
  ): Promise<ReservationPaymentResultResponseDto> {
    const method = form.selectedPaymentMethod;
    const next = await this.commands
      .execute(
        new ConfirmReservationCommand({
          reservationId,
          paymentProxy: form.paymentProxy ?? null,
          paymentMethod: typeof method === 'string' ? method : (method?.paymentMethodId ?? null),
          gatewayToken: form.gatewayToken ?? null,
          termsAccepted: form.termAndConditionsAccepted === true,
          privacyAccepted: form.privacyPolicyAccepted === true,
          captcha: form.captcha ?? recaptchaResponse ?? null,
          remoteIp: request.ip,
          actor: actorOf(request),
          language: lang,
        }),
      )
      .catch((error: unknown) => {
        throw localizedPaymentReason(error, lang);
      });
    if (next?.kind === 'redirect') return success({ success: true, redirect: true, redirectUrl: next.url, failure: false, gatewayIdOrNull: next.attemptId });
    // `failure: true` on success is alf.io's quirk on this path (reference 3.3 item 21); clients read `success` and `redirect`
    return success({ success: true, redirect: false, redirectUrl: null, failure: true, gatewayIdOrNull: null });
  }
}
