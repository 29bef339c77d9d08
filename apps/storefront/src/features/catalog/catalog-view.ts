import type { BasicEventInfo, BasicSubscriptionDescriptorInfo } from '../../api/catalog-queries';

/** Spec 9: the home page lists up to 4 events and up to 4 subscriptions. */
export const HOME_LIST_SIZE = 4;

export interface HomeView {
  /** Spec 2: exactly one event and no subscription -> straight to that event (history replaced). */
  readonly redirectToEvent: string | undefined;
  readonly events: readonly BasicEventInfo[];
  readonly moreEvents: boolean;
  readonly subscriptions: readonly BasicSubscriptionDescriptorInfo[];
  readonly moreSubscriptions: boolean;
  readonly empty: boolean;
}

export function homeView(events: readonly BasicEventInfo[], subscriptions: readonly BasicSubscriptionDescriptorInfo[]): HomeView {
  return {
    redirectToEvent: events.length === 1 && subscriptions.length === 0 ? events[0]?.shortName : undefined,
    events: events.slice(0, HOME_LIST_SIZE),
    moreEvents: events.length > HOME_LIST_SIZE,
    subscriptions: subscriptions.slice(0, HOME_LIST_SIZE),
    moreSubscriptions: subscriptions.length > HOME_LIST_SIZE,
    empty: events.length === 0 && subscriptions.length === 0,
  };
}

/** The all-events list goes straight to its only event. */
export const onlyEvent = (events: readonly BasicEventInfo[]): string | undefined =>
  events.length === 1 ? events[0]?.shortName : undefined;

/** The all-subscriptions list goes straight to its only subscription. */
export const onlySubscription = (subscriptions: readonly BasicSubscriptionDescriptorInfo[]): string | undefined =>
  subscriptions.length === 1 ? subscriptions[0]?.id : undefined;
