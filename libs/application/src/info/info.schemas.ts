import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import {
  analyticsConfigurationSchema,
  challengeConfigurationSchema,
  invoicingConfigurationSchema,
  walletConfigurationSchema,
} from '@ticketing/wire';

export const alfioInfoSchema = z
  .object({
    demoModeEnabled: z.boolean(),
    devModeEnabled: z.boolean(),
    prodModeEnabled: z.boolean(),
    analyticsConfiguration: analyticsConfigurationSchema,
    globalPrivacyPolicyUrl: z.string().nullable(),
    globalTermsUrl: z.string().nullable(),
    invoicingConfiguration: invoicingConfigurationSchema,
    announcementBannerContentHTML: z.string().nullable().describe('Trimmed HTML; null when blank.'),
    walletConfiguration: walletConfigurationSchema,
    challengeConfiguration: challengeConfigurationSchema,
  })
  .describe('System-level configuration the storefront needs before anything else.');

export type AlfioInfo = z.infer<typeof alfioInfoSchema>;
export class AlfioInfoDto extends createZodDto(alfioInfoSchema) {}
