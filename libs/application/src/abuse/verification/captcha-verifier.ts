import { siteverify } from './siteverify.js';

/**
 * The port a reservation handler checks a form's legacy captcha through (reference 1.4, reCAPTCHA): true when
 * the token passes, or when the captcha is not configured (no secret, or no site key: without a key no storefront
 * can show the widget, and no event asks for it). A false answer becomes `error.STEP_2_CAPTCHA_VALIDATION_FAILED`.
 */
export type CaptchaVerifier = (token: string | null, remoteIp: string) => Promise<boolean>;

/** Nest token of the `CaptchaVerifier` (see CaptchaModule). */
export const CAPTCHA_VERIFIER = Symbol('CAPTCHA_VERIFIER');

export interface CaptchaSettings {
  /** The widget's public key (RECAPTCHA_SITE_KEY), published to the storefront where an event asks for a captcha. */
  readonly siteKey: string | null;
  readonly secret: string | null;
  readonly verifyUrl: string;
}

export function createCaptchaVerifier(settings: CaptchaSettings, onUnavailable: (url: string) => void = () => {}): CaptchaVerifier {
  const { siteKey, secret, verifyUrl } = settings;
  return async function verifyCaptchaResponse(token, remoteIp) {
    if (!secret || !siteKey) return true;
    if (!token || token.trim() === '') return false;
    const outcome = await siteverify({ url: verifyUrl, secret }, token.trim(), remoteIp);
    if (outcome === 'unavailable') onUnavailable(verifyUrl);
    return outcome === 'passed';
  };
}
