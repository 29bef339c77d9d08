import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent, poll } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { pollsProjection } from './polls.projection.js';

const e = 'jazz-night';
const draft = poll({ id: 2, status: 'DRAFT', order: 1 });
const history = [
  catalogEvent({ type: 'PollAdded', data: { eventShortName: e, poll: poll() } }),
  catalogEvent({ type: 'PollAdded', data: { eventShortName: e, poll: draft } }),
  catalogEvent({ type: 'PollChanged', data: { eventShortName: e, poll: poll({ status: 'CLOSED', order: 3 }) } }),
  catalogEvent({ type: 'PollRemoved', data: { eventShortName: e, pollId: 2 } }),
];

describe('catalog-polls projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('polls', [pollsProjection]);
  });
  afterEach(() => h.close());

  it('keeps the polls of each event by id, changed in place (an organizer closing one), removed ones marked', async () => {
    await h.given(`event-${e}`, history);
    await h.given('event-other', [catalogEvent({ type: 'PollAdded', data: { eventShortName: 'other', poll: poll() } })]);
    expect(await h.rows('select short_name, poll_id, status, poll_order, removed, details from catalog_polls order by short_name, poll_id')).toEqual([
      { short_name: e, poll_id: 1, status: 'CLOSED', poll_order: 3, removed: false, details: poll({ status: 'CLOSED', order: 3 }) },
      { short_name: e, poll_id: 2, status: 'DRAFT', poll_order: 1, removed: true, details: draft },
      expect.objectContaining({ short_name: 'other', poll_id: 1, status: 'OPEN', removed: false }),
    ]);
  });

  it('brings a removed poll back when it is added again', async () => {
    await h.given(`event-${e}`, [...history, catalogEvent({ type: 'PollAdded', data: { eventShortName: e, poll: draft } })]);
    expect(await h.rows('select removed from catalog_polls where poll_id = 2')).toEqual([{ removed: false }]);
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given(`event-${e}`, history);
    const before = await h.rows('select * from catalog_polls order by poll_id');
    await h.replayAllAgain(pollsProjection);
    expect(await h.rows('select * from catalog_polls order by poll_id')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`event-${e}`, history);
    await h.runner.rebuild(pollsProjection.name);
    expect(await h.runner.verify(pollsProjection.name)).toMatchObject({ ok: true });
  });
});
