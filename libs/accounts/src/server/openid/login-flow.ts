import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SignInCommand } from '../sign-in/sign-in.command.js';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../tokens.js';
import { sessionDigest } from '../users/session-digest.js';
import { digest, LoginAttempts, type TakenAttempt } from './login-attempts.js';
import { OpenIdLogin, ProviderUnavailable } from './openid-login.js';

const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;
const BROWSER_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Why a provider's answer was not taken: stable codes, shown on the error page and logged. */
export type LoginRefusal =
  /** No login under way with that `state`: a wrong or forged state, an answer used already (a replay), or one over ten minutes old. */
  | 'login.unknown-state'
  /** The answer came to another browser than the one that started the login. */
  | 'login.other-browser'
  /** The provider answered with an error (the person cancelled, or it refused the request). */
  | 'login.provider-error'
  /** The code exchange or the ID token's checks failed (a forged code, a bad signature, wrong audience or nonce, expired). */
  | 'login.not-verified';

export type LoginOutcome =
  /** Signed in on a new session `sessionId` (the browser gets it with the answer; the session it came with stays anonymous). */
  | { readonly kind: 'signed-in'; readonly returnTo: string; readonly sessionId: string; readonly registered: boolean; readonly language: string | null }
  /**
   * Not signed in. `returnTo` and `language` are the login's (the path to go back to, the language the storefront
   * asked for, or null) once the answer is known to come back to the browser that started it; else the home page and null.
   */
  | { readonly kind: 'refused'; readonly code: LoginRefusal; readonly returnTo: string; readonly language: string | null };

/**
 * The OpenID Connect login, start to finish. `begin` remembers the attempt (state, nonce, PKCE verifier, the
 * visitor's session) in PostgreSQL and ties it to the browser with a cookie; `finish` takes the attempt once,
 * checks the browser, exchanges the code and verifies the ID token, then signs the person in on a new session
 * that replaces the visitor's (session fixation: an id planted before the login is worth nothing after it).
 */
@Injectable()
export class LoginFlow {
  private readonly attempts: LoginAttempts;
  readonly login: OpenIdLogin | null;

  constructor(
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
    private readonly commands: CommandBus,
  ) {
    this.attempts = new LoginAttempts(options.db);
    const base = options.publicBaseUrl.replace(/\/+$/, '');
    this.login = options.openId ? new OpenIdLogin(options.openId, `${base}/openid/callback`, `${base}/`) : null;
  }

  /** A browser value to tie attempts to: the one the browser has, else a new one. */
  browserValue(existing: string | undefined): string {
    return existing && BROWSER_VALUE.test(existing) ? existing : randomBytes(32).toString('base64url');
  }

  /**
   * The provider's authorization URL for a login on `sessionId`, coming back to `returnTo` (a checked path); the
   * login's own pages speak `language` (as the storefront asked: any text, unsupported ones are passed over then).
   */
  async begin(sessionId: string, browser: string, returnTo: string, language: string | null): Promise<string> {
    const login = this.requireLogin();
    const request = await login.authorizationRequest();
    const now = this.options.clock.now();
    await this.attempts.save(
      {
        state: request.state,
        browser,
        session: sessionDigest(sessionId),
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
        returnTo,
        language,
        expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
      },
      now,
    );
    return request.url.href;
  }

  /** The provider's answer (`query` of the callback) in the browser holding `browser`. Throws ProviderUnavailable. */
  async finish(query: URLSearchParams, browser: string | undefined): Promise<LoginOutcome> {
    const login = this.requireLogin();
    const state = query.get('state');
    const attempt = state ? await this.attempts.take(state, this.options.clock.now()) : null;
    if (!state || !attempt) return this.refuse('login.unknown-state', null, {});
    const sameBrowser = browser !== undefined && timingSafeEqual(Buffer.from(digest(browser)), Buffer.from(attempt.browser));
    // another browser is not shown where this login came from (a reservation's address, say)
    if (!sameBrowser) return this.refuse('login.other-browser', null, {});
    if (query.has('error')) return this.refuse('login.provider-error', attempt, { error: query.get('error'), description: query.get('error_description') });
    let identity;
    try {
      identity = await login.complete(query.toString(), { state, nonce: attempt.nonce, codeVerifier: attempt.codeVerifier });
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      return this.refuse('login.not-verified', attempt, { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
    // a new session, not the one the login started on (attempt.session): its id was never seen before this answer
    const sessionId = this.options.sessions.newSessionId();
    const { registered } = await this.commands.execute(new SignInCommand(identity, sessionDigest(sessionId)));
    return { kind: 'signed-in', returnTo: attempt.returnTo, sessionId, registered, language: attempt.language ?? null };
  }

  private refuse(code: LoginRefusal, attempt: TakenAttempt | null, details: Record<string, unknown>): LoginOutcome {
    this.options.warn?.('a login was refused', { code, ...details });
    return { kind: 'refused', code, returnTo: attempt?.returnTo ?? '/', language: attempt?.language ?? null };
  }

  private requireLogin(): OpenIdLogin {
    if (!this.login) throw new Error('login is not configured');
    return this.login;
  }
}
