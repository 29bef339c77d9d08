import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';

export const analyticsConfigurationSchema = z.object({
  googleAnalyticsKey: z.string().nullable(),
  googleAnalyticsScrambledInfo: z.boolean(),
  clientId: z.string().nullable(),
});

export const invoicingConfigurationSchema = z.object({
  userCanDownloadReceiptOrInvoice: z.boolean(),
  euVatCheckingEnabled: z.boolean(),
  invoiceAllowed: z.boolean(),
  onlyInvoice: z.boolean(),
  customerReferenceEnabled: z.boolean(),
  enabledItalyEInvoicing: z.boolean(),
  vatNumberStrictlyRequired: z.boolean(),
});

export const walletConfigurationSchema = z.object({ gWalletEnabled: z.boolean(), passEnabled: z.boolean() });

export const challengeConfigurationSchema = z.object({
  apiKey: z.string().nullable(),
  enabled: z.boolean(),
  providerId: z.string().nullable(),
});

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
