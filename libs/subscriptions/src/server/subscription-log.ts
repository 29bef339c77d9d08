import type { EventToAppend, RecordedEvent } from '@ticketing/event-store';
import type { EventMetadata } from '@ticketing/kernel';
import type { SubscriptionEvent } from '@ticketing/subscriptions/domain';
import type { SubscriptionIssued, SubscriptionOwner } from '@ticketing/subscriptions/contracts';

/**
 * The owner of a pass leaves `data` and goes into the event's personal data under `subjectId` (the order's
 * subject, as its tickets' attendees): erasing the buyer forgets the owner too, and the pass reads with a null owner.
 */
export function subscriptionToLog(event: SubscriptionEvent, metadata: EventMetadata): EventToAppend {
  if (event.type !== 'SubscriptionIssued') return { type: event.type, data: { ...event.data }, metadata };
  const { owner, ...data } = event.data;
  return { type: event.type, data: { ...data, owner: null }, metadata, ...(owner ? { personal: { subjectId: data.subjectId, data: { owner } } } : {}) };
}

export function subscriptionFromLog(recorded: RecordedEvent): SubscriptionEvent {
  if (recorded.type !== 'SubscriptionIssued') return { type: recorded.type, data: recorded.data } as SubscriptionEvent;
  const owner = ((recorded.personal?.data as { owner?: SubscriptionOwner } | null)?.owner ?? null) as SubscriptionOwner | null;
  return { type: 'SubscriptionIssued', data: { ...(recorded.data as SubscriptionIssued['data']), owner } };
}
