/**
 * Google reCAPTCHA v2, the legacy form captcha (public-api.md 1.4): loaded on demand (explicit rendering) when a
 * page shows the widget, from where the server's page names (`<meta name="recaptcha-script">`, RECAPTCHA_SCRIPT_URL:
 * a local stand-in in tests), else from Google.
 */
export const DEFAULT_RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
/** The global function the script calls once `grecaptcha.render` can be used (`onload=`). */
const ONLOAD_CALLBACK = 'alfioRecaptchaLoaded';

export interface RecaptchaParameters {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

export interface RecaptchaApi {
  render(container: HTMLElement, parameters: RecaptchaParameters): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Partial<RecaptchaApi>;
    [ONLOAD_CALLBACK]?: () => void;
  }
}

const usable = (api: Window['grecaptcha']): api is RecaptchaApi => typeof api?.render === 'function' && typeof api.reset === 'function';

/** The script's address with explicit rendering, its onload callback and the page's language. */
export function recaptchaScriptUrl(lang: string): string {
  const named = document.querySelector<HTMLMetaElement>('meta[name="recaptcha-script"]')?.content.trim();
  const url = new URL(named || DEFAULT_RECAPTCHA_SCRIPT_URL, window.location.href);
  url.searchParams.set('render', 'explicit');
  url.searchParams.set('onload', ONLOAD_CALLBACK);
  url.searchParams.set('hl', lang);
  return url.toString();
}

let loading: Promise<RecaptchaApi> | undefined;

export function loadRecaptcha(lang: string): Promise<RecaptchaApi> {
  if (usable(window.grecaptcha)) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<RecaptchaApi>((resolve, reject) => {
    const script = document.createElement('script');
    const failed = (why: string) => {
      script.remove();
      loading = undefined; // the next widget tries again
      reject(new Error(why));
    };
    window[ONLOAD_CALLBACK] = () => {
      if (!usable(window.grecaptcha)) return failed('the reCAPTCHA script loaded without its API');
      loading = undefined; // from now on the API is read where the script put it
      resolve(window.grecaptcha);
    };
    script.src = recaptchaScriptUrl(lang);
    script.async = true;
    script.defer = true;
    script.onerror = () => failed('the reCAPTCHA script could not be loaded');
    document.head.appendChild(script);
  });
  return loading;
}
