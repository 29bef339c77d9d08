import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent, eventDetails } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { eventsProjection } from './events.projection.js';

const published = (overrides = {}) => catalogEvent({ type: 'EventPublished', data: { event: eventDetails(overrides) } });
const changed = (overrides = {}) => catalogEvent({ type: 'EventDetailsChanged', data: { event: eventDetails(overrides) } });

describe('catalog-events projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('events', [eventsProjection]);
  });
  afterEach(() => h.close());

  it('stores each event with its instants, tags, rendered descriptions and seat cap', async () => {
    await h.given('event-jazz-night', [
      published(),
      catalogEvent({ type: 'TotalSeatsCapped', data: { eventShortName: 'jazz-night', seats: 120 } }),
      changed({ title: { en: 'Jazz Night 2030', it: 'Serata jazz 2030' }, start: '2030-01-10T19:00:00', end: '2030-01-10T22:30:00', tags: ['music', 'jazz'] }),
    ]);
    const [row] = await h.rows(
      `select short_name, organizer_slug, status, start_at, end_at, tags, total_seats, revision, description_html,
              details->'title' as title from catalog_events`,
    );
    expect(row).toEqual({
      short_name: 'jazz-night',
      organizer_slug: 'acme',
      status: 'PUBLIC',
      start_at: new Date('2030-01-10T18:00:00Z'), // 19:00 in Zurich, winter time
      end_at: new Date('2030-01-10T21:30:00Z'),
      tags: ['music', 'jazz'],
      total_seats: 120,
      revision: 2,
      description_html: { en: '<p>An evening of <strong>jazz</strong>.</p>\n', it: '<p>Una serata di <strong>jazz</strong>.</p>\n' },
      title: { en: 'Jazz Night 2030', it: 'Serata jazz 2030' },
    });

    await h.given('event-jazz-night', [catalogEvent({ type: 'TotalSeatsUncapped', data: { eventShortName: 'jazz-night' } })]);
    expect(await h.rows('select total_seats from catalog_events')).toEqual([{ total_seats: null }]);
  });

  it('changes nothing when the events are delivered again, older ones included', async () => {
    await h.given('event-jazz-night', [published(), changed({ status: 'DISABLED' }), catalogEvent({ type: 'TotalSeatsCapped', data: { eventShortName: 'jazz-night', seats: 5 } })]);
    const before = await h.rows('select * from catalog_events');
    await h.replayAllAgain(eventsProjection);
    expect(await h.rows('select * from catalog_events')).toEqual(before);
    expect(before[0]).toMatchObject({ status: 'DISABLED', total_seats: 5 });
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given('event-jazz-night', [published(), changed({ location: 'Lugano' })]);
    await h.given('event-rock', [published({ shortName: 'rock', tags: [] })]);
    const live = await h.rows('select * from catalog_events order by short_name');
    await h.runner.rebuild(eventsProjection.name);
    expect(await h.rows('select * from catalog_events order by short_name')).toEqual(live);
    expect(await h.runner.verify(eventsProjection.name)).toMatchObject({ ok: true });
  });
});
