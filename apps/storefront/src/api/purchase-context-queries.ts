import { useSuspenseQuery } from '@tanstack/react-query';
import type { PurchaseContextRef } from '../app/purchase-context';
import type { EventWithAdditionalInfo, SubscriptionDescriptorWithAdditionalInfo } from './catalog-queries';
import { eventQueryOptions, subscriptionQueryOptions } from './catalog-queries';

/**
 * What the checkout and the pages after it read of the purchase context (reference section 2, "Purchase
 * context"): the event's or the subscription descriptor's, which carry the same settings under the same names.
 */
export type PurchaseContextInfo = Pick<
  EventWithAdditionalInfo,
  | 'title'
  | 'contentLanguages'
  | 'currency'
  | 'vatIncluded'
  | 'invoicingConfiguration'
  | 'assignmentConfiguration'
  | 'privacyPolicyUrl'
  | 'termsAndConditionsUrl'
  | 'organizationName'
  | 'organizationEmail'
  | 'websiteUrl'
  | 'bankAccount'
  | 'bankAccountOwner'
  | 'timeZone'
  | 'canApplySubscriptions'
  | 'embeddingConfiguration'
  | 'captchaConfiguration'
> & {
  /** The event's name when it has no title in any language; empty for a subscription (its title is mandatory). */
  readonly displayName: string;
  /** Null for a subscription: its transfer instructions are the full ones. */
  readonly offlinePaymentConfiguration: EventWithAdditionalInfo['offlinePaymentConfiguration'] | null;
};

/** The cached answer for the context (the same query as the event or subscription page: one cache entry each). */
export const purchaseContextQueryOptions = (context: PurchaseContextRef) =>
  (context.type === 'event' ? eventQueryOptions(context.id) : subscriptionQueryOptions(context.id)) as ReturnType<typeof eventQueryOptions>;

const settingsOf = (data: EventWithAdditionalInfo | SubscriptionDescriptorWithAdditionalInfo): PurchaseContextInfo =>
  'displayName' in data ? data : { ...data, displayName: '' };

/** The context's settings; its loader has cached them. */
export const usePurchaseContextSuspense = (context: PurchaseContextRef): PurchaseContextInfo =>
  settingsOf(useSuspenseQuery(purchaseContextQueryOptions(context)).data.data as EventWithAdditionalInfo | SubscriptionDescriptorWithAdditionalInfo);
