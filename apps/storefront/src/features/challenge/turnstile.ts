/**
 * Cloudflare Turnstile, loaded on demand (explicit rendering) the first time a challenge is shown. Nothing waits
 * for the script: the modal is up at once and the widget appears when (if) the script arrives; a script that
 * cannot load is a widget failure.
 */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface TurnstileOptions {
  sitekey: string;
  language?: string;
  callback: (token: string) => void;
  'error-callback'?: () => void;
  'expired-callback'?: () => void;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileOptions): string | null | undefined;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('the Turnstile script loaded without its API')));
    script.onerror = () => {
      script.remove();
      loading = undefined; // the next challenge tries again
      reject(new Error('the Turnstile script could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
