/**
 * The codes a pass look-up or use is refused with, as the public API answers them (reference section 4,
 * apply-code). Here rather than in the domain so that the sales context's apply-code, which sees only these
 * contracts, maps them without a copy.
 */
export const subscriptionErrors = {
  /** The code has the shape of neither a pass id (UUID) nor a PIN. */
  malformedCode: 'error.restrictedValue',
  /** No pass with that id. */
  uuidNotFound: 'subscription.uuid.not.found',
  /** No pass of the event's organizer with that PIN. */
  pinNotFound: 'subscription.pin.not.found',
  /**
   * alf.io's answer when a PIN matches several passes and the e-mail must tell them apart. Never answered here:
   * a PIN is unique within its organizer (see SubscriptionPinTaken).
   */
  pinAmbiguous: 'subscription.code.insert.full',
  /** The pass was never issued (its purchase did not complete). */
  notAcquired: 'subscription.not.acquired',
  /** The pass is not for this event, or not valid yet. */
  notValid: 'subscription.not.valid',
  /** The pass's validity ended. */
  expired: 'subscription.expired',
  /** Its entries are all used, or fewer are left than asked. */
  maxUsageReached: 'subscription.max-usage-reached',
  /** A once-per-event pass already paid for a ticket of this event, or was asked for more than one. */
  maxUsageReachedPerEvent: 'subscription.max-usage-reached-per-event',
} as const;
