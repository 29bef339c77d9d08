import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogEvent, organizer } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { organizersProjection } from './organizers.projection.js';

describe('catalog-organizers projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('organizers', [organizersProjection]);
  });
  afterEach(() => h.close());

  it('keeps the latest state of each organizer', async () => {
    await h.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } }),
      catalogEvent({ type: 'OrganizerUpdated', data: { organizer: organizer({ name: 'Acme Live', email: 'hello@acme.test' }) } }),
    ]);
    await h.given('organizer-zeta', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'zeta', name: 'Zeta' }) } })]);

    const rows = await h.rows('select slug, name, email, revision, details from catalog_organizers order by slug');
    expect(rows).toEqual([
      { slug: 'acme', name: 'Acme Live', email: 'hello@acme.test', revision: 1, details: organizer({ name: 'Acme Live', email: 'hello@acme.test' }) },
      expect.objectContaining({ slug: 'zeta', name: 'Zeta', revision: 0 }),
    ]);
  });

  it('gives each organizer the global position of its registration as integer id, kept by updates', async () => {
    await h.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await h.given('organizer-zeta', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'zeta' }) } })]);
    await h.given('organizer-acme', [catalogEvent({ type: 'OrganizerUpdated', data: { organizer: organizer({ name: 'Acme Live' }) } })]);
    const registration = async (slug: string) => (await h.store.readStream(`organizer-${slug}`))[0]?.position.toString();
    expect(await h.rows('select slug, id::text, name from catalog_organizers order by slug')).toEqual([
      { slug: 'acme', id: await registration('acme'), name: 'Acme Live' },
      { slug: 'zeta', id: await registration('zeta'), name: organizer().name },
    ]);
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } }),
      catalogEvent({ type: 'OrganizerUpdated', data: { organizer: organizer({ name: 'Renamed' }) } }),
    ]);
    const before = await h.rows('select * from catalog_organizers');
    await h.replayAllAgain(organizersProjection);
    expect(await h.rows('select * from catalog_organizers')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await h.given('organizer-b', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ slug: 'b' }) } })]);
    const live = await h.rows('select * from catalog_organizers order by slug');
    await h.runner.rebuild(organizersProjection.name);
    expect(await h.rows('select * from catalog_organizers order by slug')).toEqual(live);
    expect(await h.runner.verify(organizersProjection.name)).toMatchObject({ ok: true });
  });
});
