import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { identifier, optionalQuery } from '@ticketing/wire';

/** A language tag as the storefront sends one (`de`, `de-CH`), else nothing: a bad one never stops a login. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*$/;

const lang = optionalQuery(z.string().max(35))
  .transform((tag) => (tag !== undefined && LANGUAGE_TAG.test(tag) ? tag : undefined))
  .describe(
  'The storefront\'s language: the login\'s pages (a refused login) speak it when the storefront has it, else the first of Accept-Language it has, else English.',
);

export class StartLoginQueryDto extends createZodDto(
  z.object({
    returnTo: optionalQuery(z.string().max(1024)).describe('A path of this site to come back to after the login (anything else: the home page).'),
    lang,
  }),
) {}

export class LoginLanguageQueryDto extends createZodDto(z.object({ lang })) {}

/** The provider's answer (RFC 6749 4.1.2, RFC 9207): read from the raw query string, documented here. */
export class LoginCallbackQueryDto extends createZodDto(
  z.object({
    code: optionalQuery(z.string().max(4096)).describe('The authorization code.'),
    state: optionalQuery(z.string().max(1024)).describe('The state the login was started with.'),
    iss: optionalQuery(z.string().max(2048)).describe('The issuer that answers (RFC 9207), checked when the provider sends it.'),
    error: optionalQuery(z.string().max(256)).describe('The provider refused or the person cancelled.'),
    error_description: optionalQuery(z.string().max(2048)),
  }),
) {}

export class ReservationLoginPathDto extends createZodDto(
  z.object({
    type: z.enum(['event', 'subscription']).describe('The purchase context.'),
    publicIdentifier: identifier(255).describe('The event short name or the subscription id.'),
    reservationId: identifier(255).describe('The reservation id.'),
  }),
) {}
