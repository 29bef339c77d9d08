import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** Reference 2 `User`: the signed-in person as the provider described them. */
export class UserDto extends createZodDto(
  z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      emailAddress: z.string().nullable(),
      profile: z.null().describe('The saved profile (billing details, additional data); null until one is saved.'),
      external: z.boolean().describe('Signed in through an external (OpenID Connect) provider: always true here.'),
    }),
) {}

/** Reference 2 `ClientRedirect`: where the browser goes next. */
export class ClientRedirectDto extends createZodDto(
  z.object({
      targetUrl: z.string(),
      empty: z.boolean().describe('True when there is no target.'),
    }),
) {}
