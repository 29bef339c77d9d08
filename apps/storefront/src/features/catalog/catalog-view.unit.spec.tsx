import { describe, expect, it } from 'vitest';
import { makeBasicEvent, makeBasicSubscription } from '../../test/catalog-fixtures';
import { homeView, onlyEvent, onlySubscription } from './catalog-view';

const events = (n: number) => Array.from({ length: n }, (_, i) => makeBasicEvent(`event-${i + 1}`));
const subscriptions = (n: number) => Array.from({ length: n }, (_, i) => makeBasicSubscription(`0000000${i}-0000-4000-8000-000000000000`));

describe('home view', () => {
  it('shows at most 4 events and 4 subscriptions, flagging when there are more', () => {
    const view = homeView(events(5), subscriptions(6));
    expect(view.events.map((e) => e.shortName)).toEqual(['event-1', 'event-2', 'event-3', 'event-4']);
    expect(view.subscriptions).toHaveLength(4);
    expect(view).toMatchObject({ moreEvents: true, moreSubscriptions: true, redirectToEvent: undefined, empty: false });
  });

  it('has no "view all" at exactly 4', () => {
    expect(homeView(events(4), subscriptions(4))).toMatchObject({ moreEvents: false, moreSubscriptions: false });
  });

  it('redirects to the event when it is the only event and there is no subscription', () => {
    expect(homeView(events(1), []).redirectToEvent).toBe('event-1');
    expect(homeView(events(1), subscriptions(1)).redirectToEvent).toBeUndefined();
    expect(homeView(events(2), []).redirectToEvent).toBeUndefined();
  });

  it('is empty only when nothing matches', () => {
    expect(homeView([], []).empty).toBe(true);
    expect(homeView([], subscriptions(1)).empty).toBe(false);
  });
});

describe('single results of the lists', () => {
  it('names the only event or subscription, and nothing for zero or several', () => {
    expect(onlyEvent(events(1))).toBe('event-1');
    expect(onlyEvent(events(0))).toBeUndefined();
    expect(onlyEvent(events(2))).toBeUndefined();
    expect(onlySubscription(subscriptions(1))).toBe('00000000-0000-4000-8000-000000000000');
    expect(onlySubscription(subscriptions(3))).toBeUndefined();
  });
});
