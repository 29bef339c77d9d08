import { z } from 'zod';
import { langMapSchema } from './common.views.js';

export const ticketCategoryViewSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Name in the event default language (alf.io has one name per category).'),
  localizedName: langMapSchema.describe('Name per content language (addition to the alf.io shape).'),
  description: langMapSchema.describe('HTML.'),
  ticketAccessType: z.enum(['INHERIT', 'IN_PERSON', 'ONLINE']),
  bounded: z.boolean(),
  maximumSaleableTickets: z.number().int(),
  free: z.boolean(),
  formattedFinalPrice: z.string().describe('List price with the currency scale, e.g. "10.00" (net when VAT is not included).'),
  hasDiscount: z.boolean(),
  formattedDiscountedPrice: z.string().describe('"" without a discount.'),
  ordinal: z.number().int().describe('-1 for access-restricted categories.'),
  expired: z.boolean(),
  saleInFuture: z.boolean(),
  containsPendingTickets: z.boolean(),
  formattedInception: langMapSchema,
  formattedExpiration: langMapSchema,
  saleableAndLimitNotReached: z.boolean(),
  accessRestricted: z.boolean(),
  soldOutOrLimitReached: z.boolean(),
  availableTickets: z.number().int().nullable(),
  displayTaxInformation: z.boolean(),
});

export const supplementPolicySchema = z.enum([
  'MANDATORY_ONE_FOR_TICKET',
  'MANDATORY_PERCENTAGE_FOR_TICKET',
  'MANDATORY_PERCENTAGE_RESERVATION',
  'OPTIONAL_UNLIMITED_AMOUNT',
  'OPTIONAL_MAX_AMOUNT_PER_RESERVATION',
  'OPTIONAL_MAX_AMOUNT_PER_TICKET',
]);

export const additionalServiceViewSchema = z.object({
  id: z.number().int(),
  type: z.enum(['DONATION', 'SUPPLEMENT']),
  supplementPolicy: supplementPolicySchema.nullable(),
  fixPrice: z.boolean(),
  availableQuantity: z.number().int(),
  maxQtyPerOrder: z.number().int(),
  free: z.boolean(),
  formattedFinalPrice: z.string().describe('For the mandatory percentage policies, the percentage (e.g. "5").'),
  hasDiscount: z.boolean(),
  formattedDiscountedPrice: z.string(),
  vatApplies: z.boolean(),
  vatIncluded: z.boolean(),
  vatPercentage: z.string(),
  expired: z.boolean(),
  saleInFuture: z.boolean(),
  formattedInception: langMapSchema,
  formattedExpiration: langMapSchema,
  title: langMapSchema,
  description: langMapSchema.describe('HTML.'),
});

export const itemsByCategorySchema = z
  .object({
    ticketCategories: z.array(ticketCategoryViewSchema).describe('On sale or coming, by ordinal.'),
    expiredCategories: z.array(ticketCategoryViewSchema).describe('Only when the organizer shows expired categories.'),
    additionalServices: z.array(additionalServiceViewSchema),
    waitingList: z.boolean(),
    preSales: z.boolean(),
    ticketCategoriesForWaitingList: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .describe('ItemsByCategory');

export type TicketCategoryView = z.infer<typeof ticketCategoryViewSchema>;
export type AdditionalServiceView = z.infer<typeof additionalServiceViewSchema>;
export type ItemsByCategory = z.infer<typeof itemsByCategorySchema>;
