import { lazyPart } from '../../app/lazy-part';

// Few events ask for a captcha: its widget (and the script loader) come in a chunk of their own, where one shows.
export const recaptchaWidget = lazyPart(() => import('./components/recaptcha-widget').then((m) => m.RecaptchaWidget));
