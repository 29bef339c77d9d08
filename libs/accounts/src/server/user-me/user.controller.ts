import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { ApiAntiForgery, ApiValidationFailure, RefusalWithValue, success, ZodResponse, type SessionRequest } from '@ticketing/wire';
import { DeleteUserCommand } from '../delete-user/delete-user.command.js';
import { PurchaseContextWithReservationsListDto } from '../my-orders/my-orders.dto.js';
import { MyOrdersQuery } from '../my-orders/my-orders.query.js';
import { LoginFlow } from '../openid/login-flow.js';
import { AccountQuery } from '../read-models/account.query.js';
import { SaveProfileCommand, type SaveProfileOutcome } from '../save-profile/save-profile.command.js';
import { SignOutCommand } from '../sign-out/sign-out.command.js';
import { ACCOUNTS_OPTIONS, type AccountsOptions, type ProfileFormInput } from '../tokens.js';
import { sessionDigest } from '../users/session-digest.js';
import { ClientRedirectDto, UpdateProfileFormDto, UserDto, UserValidatedResponseDto } from './user.dto.js';
import { userView } from './user-view.js';

const wireWarnings = (outcome: SaveProfileOutcome) => outcome.warnings.map((w) => ({ code: w.code, params: w.args.map(String) }));

/**
 * The form as the rules read it, the e-mail being the account's whatever was sent (reference 3.6 item 44). A blank
 * field is one not given, as the booking step reads it: a form sends '' for the fields it shows empty, and an empty
 * fiscal code is no request for Italian e-invoicing.
 */
function profileFormOf(form: UpdateProfileFormDto, email: string | null): ProfileFormInput {
  const t = (v: string | null | undefined) => (v?.trim() ? v : null);
  const billingGiven = [form.billingAddressLine1, form.billingAddressZip, form.billingAddressCity, form.vatCountryCode, form.billingAddressCompany].some((v) => Boolean(v?.trim()));
  return {
    email,
    firstName: t(form.firstName),
    lastName: t(form.lastName),
    invoiceRequested: form.invoiceRequested === true || billingGiven,
    addCompanyBillingDetails: form.addCompanyBillingDetails === true,
    skipVatNr: form.skipVatNr === true,
    billingAddressCompany: t(form.billingAddressCompany),
    billingAddressLine1: t(form.billingAddressLine1),
    billingAddressLine2: t(form.billingAddressLine2),
    billingAddressZip: t(form.billingAddressZip),
    billingAddressCity: t(form.billingAddressCity),
    billingAddressState: t(form.billingAddressState),
    vatCountryCode: t(form.vatCountryCode),
    vatNr: t(form.vatNr),
    italyEInvoicingFiscalCode: t(form.italyEInvoicingFiscalCode),
    italyEInvoicingReferenceType: form.italyEInvoicingReferenceType ?? null,
    italyEInvoicingReferenceAddresseeCode: t(form.italyEInvoicingReferenceAddresseeCode),
    italyEInvoicingReferencePEC: t(form.italyEInvoicingReferencePEC),
    italyEInvoicingSplitPayment: form.italyEInvoicingSplitPayment === true,
  };
}

/** The signed-in visitor (reference 3.6 items 43-45, 47, 48). */
@ApiTags('user')
@Controller('api/v2/public/user')
export class AccountController {
  constructor(
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
    private readonly users: SignedInUsers,
    private readonly accounts: AccountQuery,
    private readonly orders: MyOrdersQuery,
    private readonly commands: CommandBus,
    private readonly flow: LoginFlow,
  ) {}

  @Get('me')
  @ApiOperation({
    operationId: 'getMe',
    summary: 'The user signed in on this session, with the profile the booking step prefills from; 204 when anonymous (or the login ended or expired).',
  })
  @ApiResponse({ status: 200, description: 'Signed in.', type: UserDto.Output })
  @ApiResponse({ status: 204, description: 'Anonymous.' })
  async me(@Req() request: SessionRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserDto | undefined> {
    const account = await this.accounts.signedInOn(request.sessionId ?? '');
    if (!account) {
      reply.status(204);
      return undefined;
    }
    return UserDto.schema.parse(userView(account));
  }

  @Post('me')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'updateProfile',
    summary:
      'Saves the signed-in user\'s profile: names, invoice address (checked by the booking step\'s contact and invoice rules when given), additional data. ' +
      'The e-mail is the account\'s whatever is sent. 200 with the user (and any warnings); 422 with validationErrors; 401 when anonymous.',
  })
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ApiResponse({ status: 401, description: 'Anonymous.' })
  @ZodResponse({ status: 200, type: UserValidatedResponseDto })
  async updateProfile(@Body() form: UpdateProfileFormDto, @Req() request: SessionRequest): Promise<UserValidatedResponseDto> {
    const account = await this.accounts.signedInOn(request.sessionId ?? '');
    if (!account) throw new UnauthorizedException();
    const additional = Object.fromEntries(Object.entries(form.additionalInfo ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value : [value]]));
    const outcome = await this.commands.execute(new SaveProfileCommand(account.userId, profileFormOf(form, account.email), additional));
    if (outcome.errors.length > 0) throw new RefusalWithValue(outcome.errors, null, wireWarnings(outcome));
    const saved = await this.accounts.signedInOn(request.sessionId ?? '');
    return success(saved ? userView(saved) : null, wireWarnings(outcome));
  }

  @Delete('me')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'deleteProfile',
    summary:
      'Deletes the signed-in user (only users of an external provider exist here): signs every session of theirs out and erases their personal data ' +
      'and that of the orders they own, from the read models and, by forgetting the per-subject keys, from the event log (whose hash chain still ' +
      'verifies). `targetUrl`: the provider\'s end-session page when it has one, else `/`. 401 when anonymous.',
  })
  @ApiAntiForgery()
  @ApiResponse({ status: 401, description: 'Anonymous.' })
  @ZodResponse({ status: 200, type: ClientRedirectDto })
  async deleteProfile(@Req() request: SessionRequest): Promise<ClientRedirectDto> {
    const user = await this.users.userOf(request.sessionId ?? '');
    if (!user) throw new UnauthorizedException();
    await this.commands.execute(new DeleteUserCommand(user.userId));
    return { targetUrl: (await this.flow.login?.endSessionUrl()) ?? '/', empty: false };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'logout',
    summary: 'Signs this session out. `targetUrl`: the provider\'s end-session page (which comes back to the home page) when it has one, else `/`.',
  })
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ClientRedirectDto })
  async logout(@Req() request: SessionRequest): Promise<ClientRedirectDto> {
    const sessionId = request.sessionId ?? '';
    const user = await this.users.userOf(sessionId);
    if (!user) return { targetUrl: '/', empty: false };
    await this.commands.execute(new SignOutCommand(user.userId, sessionDigest(sessionId)));
    return { targetUrl: (await this.flow.login?.endSessionUrl()) ?? '/', empty: false };
  }

  @Get('reservations')
  @ApiOperation({
    operationId: 'getUserReservations',
    summary:
      'The signed-in user\'s orders (made while signed in), grouped by purchase context (event or pass), newest first. 204 when anonymous or none.',
  })
  @ApiResponse({ status: 200, description: 'The orders by purchase context.', type: PurchaseContextWithReservationsListDto.Output })
  @ApiResponse({ status: 204, description: 'Anonymous, or no orders.' })
  async reservations(@Req() request: SessionRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PurchaseContextWithReservationsListDto | undefined> {
    const user = await this.users.userOf(request.sessionId ?? '');
    if (user) {
      // read-your-writes: the order just made (its events may still be on their way to the read model)
      await this.options.waitForProjections(await this.options.store.headPosition());
      const groups = await this.orders.ordersOf(user.userId);
      if (groups.length > 0) return PurchaseContextWithReservationsListDto.schema.parse(groups);
    }
    reply.status(204);
    return undefined;
  }
}
