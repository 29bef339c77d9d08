import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { langParam, uuidParam } from '@ticketing/wire';

/** The path of every call on one reservation. */
export class ReservationIdPathDto extends createZodDto(z.object({ reservationId: uuidParam })) {}

/** `?lang=`: the language of texts in the answer or in the e-mail a call sends. */
export class LangQueryDto extends createZodDto(z.object({ lang: langParam })) {}

/**
 * reCAPTCHA's own request parameter (reference 1.4): where a form posted by Google's widget puts the answer; read
 * when the body carries no `captcha`.
 */
export const recaptchaResponseParam = z.string().max(4096).optional().describe('the reCAPTCHA answer, when the body has no `captcha` (reference 1.4)');

/** `?lang=` and reCAPTCHA's `g-recaptcha-response` of the calls that may check a captcha. */
export class CaptchaLangQueryDto extends createZodDto(z.object({ lang: langParam, 'g-recaptcha-response': recaptchaResponseParam })) {}
