/**
 * One browser tab running alf.io's public Angular client, as far as the server can tell: the page's `<meta>` tags
 * and the HTTP interceptors of the client, over real HTTP with `fetch`.
 *
 * Sources (alfio-event/alf.io @7ec24c04, frontend/projects/public/src/app/):
 * - xsrf.ts `AuthTokenInterceptor`: `x-auth-token: <meta name="GID">` ('' when absent) on every request; after a
 *   successful answer carrying `x-auth-token`, the meta tag takes it; after a successful GET carrying `xsrf-token`,
 *   so does `<meta name="XSRF_TOKEN">` (`DOMXsrfTokenExtractor`, created when missing).
 * - app.module.ts: Angular's XSRF interceptor with header `X-CSRF-TOKEN`, its token read from that meta tag (never
 *   the cookie), added to every request but GET and HEAD as long as the tag exists.
 * - shared/header-information-retriever.ts: after every successful GET, OpenID login is on when
 *   `Alfio-OpenId-Enabled` is `"true"`.
 * - challenge/challenge.interceptor.ts (@50366951): after a challenge, `Alfio-Verification: <token>` on every request.
 * - Angular's HttpClient: `Accept: application/json, text/plain, *\/*`, a JSON body with `Content-Type:
 *   application/json`, a body parsed as JSON when there is one.
 *
 * No cookie jar on purpose: the client carries its session in the header (it works embedded in a third-party
 * frame, where cookies may be blocked), so a server that needed the cookie would fail here.
 */
export interface Answer<T = unknown> {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON, or the text when the body is not JSON, null when empty. */
  readonly body: T;
}

/** Headers Chrome sends with an XHR of this client (fetch decodes gzip and br itself, as the browser does). */
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

export class BrowserPage {
  /** `<meta name="GID">` and `<meta name="XSRF_TOKEN">`: null while the page has no such tag. */
  readonly meta: { GID: string | null; XSRF_TOKEN: string | null } = { GID: null, XSRF_TOKEN: null };
  /** What HeaderInformationRetriever last read; null before the first successful GET. */
  openIdEnabled: boolean | null = null;
  /** Every request sent, `METHOD /path`, in order. */
  readonly journal: string[] = [];
  /** challenge/challenge.service.ts: the Turnstile token once obtained, sent as `Alfio-Verification` on every request. */
  verificationToken: string | null = null;
  /**
   * challenge/challenge.interceptor.ts: on a 403 with `Alfio-Verification-Missing` (or `cf-mitigated: challenge`),
   * how the page gets a token (the info's challenge configuration, the widget); the request is then sent once more
   * with it. Null: no challenge is solved, the 403 is the answer.
   */
  solveChallenge: (() => Promise<string>) | null = null;

  constructor(private readonly origin: string) {}

  /**
   * Opens a page of the storefront (`GET /event/{shortName}` ...) as the browser does, and reads its meta tags.
   * Where the server renders no shell (the storefront is not built), the page starts without them and the first
   * API answer hands out the session, as it does for alf.io's client in its dev mode.
   */
  async open(path: string): Promise<{ status: number; shell: boolean }> {
    const response = await fetch(`${this.origin}${path}`, {
      headers: { ...BROWSER_HEADERS, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    this.journal.push(`GET ${path}`);
    const html = await response.text();
    const shell = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
    if (shell) {
      this.meta.GID = metaContent(html, 'GID');
      this.meta.XSRF_TOKEN = metaContent(html, 'XSRF_TOKEN');
    }
    return { status: response.status, shell };
  }

  async get<T = unknown>(path: string, params?: Record<string, string>): Promise<Answer<T>> {
    return this.send<T>('GET', path, params);
  }

  async post<T = unknown>(path: string, body: unknown, params?: Record<string, string>): Promise<Answer<T>> {
    return this.send<T>('POST', path, params, body);
  }

  async put<T = unknown>(path: string, body: unknown): Promise<Answer<T>> {
    return this.send<T>('PUT', path, undefined, body);
  }

  async delete<T = unknown>(path: string, params?: Record<string, string>): Promise<Answer<T>> {
    return this.send<T>('DELETE', path, params);
  }

  private async send<T>(method: string, path: string, params?: Record<string, string>, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...BROWSER_HEADERS, accept: 'application/json, text/plain, */*' };
    headers['x-auth-token'] = this.meta.GID ?? '';
    if (method !== 'GET' && method !== 'HEAD' && this.meta.XSRF_TOKEN !== null) headers['x-csrf-token'] = this.meta.XSRF_TOKEN;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = `${this.origin}${path}${params ? `?${new URLSearchParams(params).toString()}` : ''}`;
    const token = this.verificationToken;
    const answer = await this.exchange<T>(method, path, url, token === null ? headers : { ...headers, 'alfio-verification': token }, body);
    const challenged = answer.status === 403 && (answer.headers.has('alfio-verification-missing') || answer.headers.get('cf-mitigated') === 'challenge');
    if (!challenged || this.solveChallenge === null) return answer;
    // the same request once more, with the token of the challenge just solved
    this.verificationToken = await this.solveChallenge();
    return this.exchange<T>(method, path, url, { ...headers, 'alfio-verification': this.verificationToken }, body);
  }

  private async exchange<T>(method: string, path: string, url: string, headers: Record<string, string>, body: unknown): Promise<Answer<T>> {
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    this.journal.push(`${method} ${path}`);
    const text = await response.text();
    if (response.ok) {
      const gid = response.headers.get('x-auth-token');
      if (gid !== null && gid !== this.meta.GID) this.meta.GID = gid;
      if (method === 'GET') {
        const xsrf = response.headers.get('xsrf-token');
        if (xsrf !== null) this.meta.XSRF_TOKEN = xsrf;
        this.openIdEnabled = response.headers.get('alfio-openid-enabled') === 'true';
      }
    }
    return { method, path, status: response.status, headers: response.headers, body: parseBody(text) as T };
  }
}

function metaContent(html: string, name: string): string | null {
  const tag = html.match(new RegExp(`<meta\\s+name="${name}"\\s+content="([^"]*)"`));
  return tag ? tag[1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') : null;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
