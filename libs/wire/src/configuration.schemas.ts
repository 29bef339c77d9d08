import { z } from 'zod';

/** The configuration objects of reference section 2, shared by app info, events and subscriptions. */

export const invoicingConfigurationSchema = z.object({
  userCanDownloadReceiptOrInvoice: z.boolean(),
  euVatCheckingEnabled: z.boolean(),
  invoiceAllowed: z.boolean(),
  onlyInvoice: z.boolean(),
  customerReferenceEnabled: z.boolean(),
  enabledItalyEInvoicing: z.boolean(),
  vatNumberStrictlyRequired: z.boolean(),
});

export const captchaConfigurationSchema = z.object({
  captchaForTicketSelection: z.boolean(),
  captchaForOfflinePaymentAndFree: z.boolean(),
  recaptchaApiKey: z.string().nullable(),
});

export const assignmentConfigurationSchema = z.object({
  forceAssignment: z.boolean(),
  enableAttendeeAutocomplete: z.boolean(),
  enableTicketTransfer: z.boolean(),
});

export const promotionsConfigurationSchema = z.object({ hasAccessPromotions: z.boolean(), usePartnerCode: z.boolean() });

export const analyticsConfigurationSchema = z.object({
  googleAnalyticsKey: z.string().nullable(),
  googleAnalyticsScrambledInfo: z.boolean(),
  clientId: z.string().nullable(),
});

export const offlinePaymentConfigurationSchema = z.object({ showOnlyBasicInstructions: z.boolean() });

export const embeddingConfigurationSchema = z.object({ notificationOrigin: z.string(), enabled: z.boolean() });

export const walletConfigurationSchema = z.object({ gWalletEnabled: z.boolean(), passEnabled: z.boolean() });

export const challengeConfigurationSchema = z.object({
  apiKey: z.string().nullable(),
  enabled: z.boolean(),
  providerId: z.string().nullable(),
});
