import { Controller, Get, Headers, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { chooseLanguage, supportedLanguages } from '@ticketing/i18n';
import { ApiBadPathValue, ApiValidationFailure, type SessionRequest } from '@ticketing/wire';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { loginCookie, readLoginCookie, signedUpCookie } from './login-cookie.js';
import { LoginFlow } from './login-flow.js';
import { continuePage, refusedPage, unavailablePage } from './login-pages.js';
import { ProviderUnavailable } from './openid-login.js';
import { LoginCallbackQueryDto, LoginLanguageQueryDto, ReservationLoginPathDto, StartLoginQueryDto } from './openid.dto.js';
import { safeReturnPath } from './return-path.js';

/** The login's language tag (its query schema passed a malformed one over), else nothing. */
const languageTag = (lang: string | undefined): string | null => lang ?? null;

function html(reply: FastifyReply, status: number, body: string): void {
  void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The storefront's OpenID Connect login (reference 3.9 item 57 and the login it starts). */
@ApiTags('user')
@Controller('openid')
export class OpenIdController {
  constructor(
    private readonly flow: LoginFlow,
    private readonly users: SignedInUsers,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
  ) {}

  @Get('authentication')
  @ApiOperation({
    operationId: 'startLogin',
    summary:
      'Starts the OpenID Connect login of the visitor session (authorization code flow with PKCE, state and nonce): 302 to the provider. ' +
      'Sets the ALFIO_LOGIN cookie (SameSite=Lax, 10 minutes) the answer must come back with. 404 when login is off; 502 when the provider cannot be reached.',
  })
  @ApiResponse({ status: 302, description: 'To the provider\'s authorization endpoint (Location header).' })
  @ApiResponse({ status: 404, description: 'Login is not configured.' })
  @ApiResponse({ status: 502, description: 'The provider cannot be reached (HTML page in the login\'s language, else the first of Accept-Language the storefront has).' })
  @ApiValidationFailure()
  async start(@Query() { returnTo, lang }: StartLoginQueryDto, @Req() request: SessionRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.redirectToProvider(request, reply, safeReturnPath(returnTo), languageTag(lang));
  }

  @Get('callback')
  @ApiOperation({
    operationId: 'completeLogin',
    summary:
      'The provider\'s answer. Taken once: the login must be under way in this browser (state and ALFIO_LOGIN cookie), the code is exchanged with the PKCE verifier ' +
      'and the ID token verified (signature against the provider\'s keys, issuer, audience, nonce, expiry); then a new session is signed in and replaces the visitor\'s (ALFIO_SESSION cookie). ' +
      '200: a page that continues to the return path (a same-site step; the session cookie is SameSite=Lax, HttpOnly). ' +
      '400: a page saying the login was refused (unknown or used state, another browser, provider error, token not verified): no session is signed in. ' +
      'It speaks the language the login started with (its lang), else the first of Accept-Language the storefront has, else English, and links back to the return path ' +
      '(the home page when the answer is unknown or came to another browser).',
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'Signed in: HTML page continuing to the return path.' })
  @ApiResponse({ status: 400, description: 'Refused: HTML page with the reason\'s code; not signed in.' })
  @ApiResponse({ status: 404, description: 'Login is not configured.' })
  @ApiResponse({ status: 502, description: 'The provider cannot be reached (HTML page in the login\'s language, else the first of Accept-Language the storefront has).' })
  @ApiValidationFailure()
  async callback(
    @Query() _query: LoginCallbackQueryDto,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: SessionRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!this.flow.login) throw new NotFoundException();
    // the raw query, as the provider sent it (the DTO only documents and bounds it)
    const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    try {
      const outcome = await this.flow.finish(new URLSearchParams(raw), readLoginCookie(request.headers.cookie));
      // a refused answer (a forged one, say) leaves the cookie: the browser's genuine login may still be under way
      if (outcome.kind === 'refused') {
        return html(reply, 400, refusedPage(outcome.code, chooseLanguage(outcome.language, acceptLanguage, supportedLanguages), outcome.returnTo));
      }
      const secure = this.options.secureCookies;
      const cookies = [loginCookie('', secure, 0), this.options.sessions.cookie(outcome.sessionId), ...(outcome.registered ? [signedUpCookie(secure)] : [])];
      void reply.header('set-cookie', cookies);
      return html(reply, 200, continuePage(outcome.returnTo, chooseLanguage(outcome.language, acceptLanguage, supportedLanguages)));
    } catch (error) {
      if (error instanceof ProviderUnavailable) return html(reply, 502, unavailablePage(chooseLanguage(null, acceptLanguage, supportedLanguages)));
      throw error;
    }
  }

  @Get(':type/:publicIdentifier/reservation/:reservationId')
  @ApiOperation({
    operationId: 'openReservationSignedIn',
    summary: 'A reservation\'s page for a signed-in visitor (reference 57): 302 to /{type}/{publicIdentifier}/reservation/{reservationId}, through the login first when not signed in.',
  })
  @ApiResponse({ status: 302, description: 'To the reservation (signed in, or login off) or to the provider (Location header).' })
  @ApiResponse({ status: 502, description: 'The provider cannot be reached (HTML page in the login\'s language, else the first of Accept-Language the storefront has).' })
  @ApiBadPathValue('The type')
  @ApiValidationFailure()
  async reservation(
    @Param() { type, publicIdentifier, reservationId }: ReservationLoginPathDto,
    @Query() { lang }: LoginLanguageQueryDto,
    @Req() request: SessionRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const target = `/${type}/${encodeURIComponent(publicIdentifier)}/reservation/${encodeURIComponent(reservationId)}`;
    if (!this.flow.login || (await this.users.userOf(request.sessionId ?? ''))) return void reply.redirect(target, 302);
    await this.redirectToProvider(request, reply, target, languageTag(lang));
  }

  private async redirectToProvider(request: SessionRequest, reply: FastifyReply, returnTo: string, language: string | null): Promise<void> {
    if (!this.flow.login) throw new NotFoundException();
    const browser = this.flow.browserValue(readLoginCookie(request.headers.cookie));
    let location: string;
    try {
      location = await this.flow.begin(request.sessionId ?? '', browser, returnTo, language);
    } catch (error) {
      if (error instanceof ProviderUnavailable) return html(reply, 502, unavailablePage(chooseLanguage(language, request.headers['accept-language'], supportedLanguages)));
      throw error;
    }
    // Fastify adds this to the session cookie the policy hook may have set for a new visitor
    void reply.header('set-cookie', loginCookie(browser, this.options.secureCookies));
    void reply.redirect(location, 302);
  }
}
