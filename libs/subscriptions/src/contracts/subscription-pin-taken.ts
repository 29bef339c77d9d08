import type { DomainEvent } from '@ticketing/kernel';

/**
 * First and only event of a `subscription-pin-{organizer}-{pin}` stream: the PIN belongs to this pass. It is
 * appended in the same append as SubscriptionIssued, expecting 'no_stream' on both streams. When another pass
 * of the organizer holds the PIN already, that expectation fails, the whole append with it (nothing is
 * issued), and the caller tries again with a new PIN: so a PIN is never given twice within an organizer, and
 * PIN + organizer find the pass by reading one stream, with no read model to wait for.
 */
export type SubscriptionPinTaken = DomainEvent<
  'SubscriptionPinTaken',
  { readonly organizerSlug: string; readonly pin: string; readonly subscriptionId: string }
>;

/** `pin` normalised (the domain's normalizePin): the PIN as typed, in any case or with dashes, names the same stream. */
export const subscriptionPinStreamId = (organizerSlug: string, pin: string) => `subscription-pin-${organizerSlug}-${pin}`;
