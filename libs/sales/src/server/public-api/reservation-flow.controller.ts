import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { actorOf, type SessionRequest } from './actor.js';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { NotFoundError } from '@ticketing/kernel';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, positionalArguments, success, ZodResponse } from '@ticketing/wire';
import type { BookingForm } from '@ticketing/sales/domain';
import { ValidateToOverviewCommand } from '../commands/validate-to-overview/validate-to-overview.command.js';
import { BackToBookingCommand } from '../commands/back-to-booking/back-to-booking.command.js';
import { ConfirmReservationCommand } from '../commands/confirm-reservation/confirm-reservation.command.js';
import { ReservationMailer } from '../reservation/mail/reservation-mailer.js';
import { ReservationQueries } from '../reservation/reservation-queries.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { ReservationIdPathDto } from './reservation-form.dtos.js';
import {
  BooleanValidatedResponseDto,
  ContactAndTicketsFormDto,
  LangQueryDto,
  PaymentFormDto,
  ReservationInfoDto,
  ReservationPaymentResultResponseDto,
  ReservationStatusInfoDto,
  ReSendEmailPathDto,
  ValidateToOverviewQueryDto,
} from './reservation-flow.dtos.js';


type LinkDto = NonNullable<ContactAndTicketsFormDto['additionalServices']>[string][number];
const linkOf = (l: LinkDto) => ({ additionalServiceItemId: l.additionalServiceItemId ?? null, ticketUUID: l.ticketUUID ?? null, additional: l.additional ?? null });

/** The parsed body as the booking rules read it: absent flags are false, absent maps empty. */
function bookingFormOf(form: ContactAndTicketsFormDto): BookingForm {
  return {
    ...form,
    email: form.email ?? null,
    firstName: form.firstName ?? null,
    lastName: form.lastName ?? null,
    postponeAssignment: form.postponeAssignment === true,
    invoiceRequested: form.invoiceRequested === true,
    italyEInvoicingSplitPayment: form.italyEInvoicingSplitPayment === true,
    differentSubscriptionOwner: form.differentSubscriptionOwner === true,
    tickets: Object.fromEntries(
      Object.entries(form.tickets ?? {}).map(([id, t]) => [
        id,
        { email: t.email ?? null, firstName: t.firstName, lastName: t.lastName, fullName: t.fullName, userLanguage: t.userLanguage, additional: t.additional ?? null },
      ]),
    ),
    additionalServices: Object.fromEntries(Object.entries(form.additionalServices ?? {}).map(([id, links]) => [id, links.map(linkOf)])),
    subscriptionOwner: form.subscriptionOwner
      ? { email: form.subscriptionOwner.email ?? null, firstName: form.subscriptionOwner.firstName ?? null, lastName: form.subscriptionOwner.lastName ?? null, additional: form.subscriptionOwner.additional ?? null }
      : null,
  };
}


/** Steps 2 to 4 of a reservation (reference 3.3): its view, status, overview confirmation and e-mail. */
@ApiTags('reservations')
@Controller('api/v2/public')
export class ReservationFlowController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reservations: ReservationQueries,
    private readonly mailer: ReservationMailer,
    private readonly catalog: CatalogOffers,
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
  ) {}

  @Get('reservation/:reservationId')
  @ApiOperation({
    operationId: 'getReservationInfo',
    summary: 'The reservation as the booking, overview and success steps show it, in any status. 404 once cancelled or expired.',
  })
  @ApiNotFound('Reservation')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: ReservationInfoDto })
  info(@Param() { reservationId }: ReservationIdPathDto): Promise<ReservationInfoDto> {
    return this.reservations.info(reservationId);
  }

  @Get('reservation/:reservationId/status')
  @ApiOperation({ operationId: 'getReservationStatus', summary: 'Status and whether the booking details were validated (which page to show).' })
  @ApiNotFound('Reservation')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: ReservationStatusInfoDto })
  status(@Param() { reservationId }: ReservationIdPathDto): Promise<ReservationStatusInfoDto> {
    return this.reservations.status(reservationId);
  }

  @Post('reservation/:reservationId/back-to-booking')
  @HttpCode(200)
  @ApiOperation({ operationId: 'backToBooking', summary: 'From the overview back to the booking step: the details must be validated again. Always true.' })
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Always true.', schema: { type: 'boolean' } })
  async backToBooking(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<boolean> {
    await this.commands.execute(new BackToBookingCommand(reservationId, actorOf(request)));
    return true;
  }

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
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ReservationPaymentResultResponseDto })
  async confirm(
    @Param() { reservationId }: ReservationIdPathDto,
    @Query() _query: LangQueryDto,
    @Body() form: PaymentFormDto,
    @Req() request: SessionRequest,
  ): Promise<ReservationPaymentResultResponseDto> {
    await this.commands.execute(
      new ConfirmReservationCommand({
        reservationId,
        paymentProxy: form.paymentProxy ?? null,
        termsAccepted: form.termAndConditionsAccepted === true,
        privacyAccepted: form.privacyPolicyAccepted === true,
        captcha: form.captcha ?? null,
        remoteIp: request.ip,
        actor: actorOf(request),
      }),
    );
    // `failure: true` on success is alf.io's quirk on this path (reference 3.3 item 21); clients read `success` and `redirect`
    return success({ success: true, redirect: false, redirectUrl: null, failure: true, gatewayIdOrNull: null });
  }

  @Post('reservation/:reservationId/validate-to-overview')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'validateToOverview',
    summary:
      'Checks and records the booking details (contact, invoice, attendees, supplement items). 200 value true when they passed; with warnings ' +
      'and ignoreWarnings=false the answer is 200 with the warnings and the reservation is not yet validated. 422 value false with the field ' +
      'errors (the details are recorded anyway). 404 unless the reservation is pending.',
  })
  @ApiNotFound('Pending reservation')
  @ApiAntiForgery()
  @ApiResponse({ status: 422, description: 'Field errors; value false.', type: BooleanValidatedResponseDto.Output })
  @ZodResponse({ status: 200, type: BooleanValidatedResponseDto })
  async validateToOverview(
    @Param() { reservationId }: ReservationIdPathDto,
    @Query() { ignoreWarnings }: ValidateToOverviewQueryDto,
    @Body() form: ContactAndTicketsFormDto,
    @Req() request: SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BooleanValidatedResponseDto> {
    const { errors, warnings } = await this.commands.execute(
      new ValidateToOverviewCommand({ reservationId, form: bookingFormOf(form), ignoreWarnings, actor: actorOf(request) }),
    );
    const wireWarnings = warnings.map((w) => ({ code: w.code, params: w.args.map(String) }));
    if (errors.length === 0) return success(true, wireWarnings);
    reply.status(422);
    return {
      success: false,
      errorCount: errors.length,
      validationErrors: errors.map((e) => ({ fieldName: e.field, code: e.code, arguments: positionalArguments(e.args) })),
      value: false,
      warnings: wireWarnings,
    };
  }

  @Post(':purchaseContextType/:publicIdentifier/reservation/:reservationId/re-send-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'reSendReservationEmail',
    summary: 'Sends the reservation e-mail again (confirmation, or the transfer instructions). false when there is nothing to send.',
  })
  @ApiNotFound('Event')
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Whether an e-mail was sent.', schema: { type: 'boolean' } })
  async reSendEmail(@Param() path: ReSendEmailPathDto, @Query() { lang }: LangQueryDto): Promise<boolean> {
    if (path.purchaseContextType === 'subscription') {
      if (!(await this.catalog.subscriptionExists(path.publicIdentifier))) throw new NotFoundError('subscription', path.publicIdentifier);
      return false; // subscriptions cannot be bought yet: no reservation of one exists
    }
    const offer = await this.catalog.purchaseOffer(path.publicIdentifier, null, this.options.clock.now());
    if (!offer) throw new NotFoundError('event', path.publicIdentifier);
    const owner = await this.reservations.eventOf(path.reservationId);
    if (owner !== path.publicIdentifier) return false;
    // the wire answers true or false: a mail server that refuses is "not sent", not a server error
    return this.mailer.sendConfirmation(path.reservationId, lang).catch(() => false);
  }
}
