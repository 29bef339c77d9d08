export { installAbuseProtection } from './abuse-protection.js';
export { CAPTCHA_VERIFIER, createCaptchaVerifier, type CaptchaSettings, type CaptchaVerifier } from './verification/captcha-verifier.js';
export { CaptchaModule } from './verification/captcha.module.js';
export { verificationRemoteIp, type TrustProxy } from './client-address.js';
export { TOO_MANY_REQUESTS } from './rate-limits/rate-limit.hook.js';
