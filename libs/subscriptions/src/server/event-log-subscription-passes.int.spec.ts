import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import { DomainError } from '@ticketing/kernel';
import { subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { compatibleCategoriesOf, subscriptionErrors, subscriptionPinStreamId, subscriptionStreamId, SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { subscriptionToLog } from './subscription-log.js';

const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.org' };

describe('the passes over their streams (SubscriptionPasses)', () => {
  let app: TestApp;
  let passes: SubscriptionPasses;

  /** A pass issued as a completing order issues it: both streams, expecting none. */
  const issue = async (descriptor: Partial<SubscriptionDescriptor> = {}) => {
    const reservationId = randomUUID();
    const { issued, pinTaken } = passes.issue({
      subscriptionId: randomUUID(),
      descriptor: subscriptionDescriptor({ validityType: 'NOT_SET', validityUnits: null, validityTimeUnit: null, compatibleEventShortNames: ['jazz', 'blues'], ...descriptor }),
      reservationId,
      subjectId: `reservation-${reservationId}`,
      owner: ada,
      purchasedAt: new Date(),
    });
    const metadata = { correlationId: reservationId, causationId: reservationId, occurredAt: new Date().toISOString(), actor: 'session:test' };
    await app.store.appendToStreams([
      { streamId: subscriptionStreamId(issued.data.subscriptionId), events: [subscriptionToLog(issued, metadata)], expectedRevision: 'no_stream' },
      { streamId: subscriptionPinStreamId(pinTaken.data.organizerSlug, pinTaken.data.pin), events: [{ type: pinTaken.type, data: { ...pinTaken.data }, metadata }], expectedRevision: 'no_stream' },
    ]);
    return issued.data;
  };
  const codeOf = (promise: Promise<unknown>) => promise.then(() => 'recorded', (error: unknown) => (error instanceof DomainError ? error.code : String(error)));

  beforeAll(async () => {
    app = await startTestApp();
    passes = app.app.get(SubscriptionPasses);
  });
  afterAll(() => app.close());

  it('reads a pass by id with its owner from the personal data, and none for an unknown id', async () => {
    const pass = await issue({ maxEntries: 3 });
    expect(await passes.byId(pass.subscriptionId)).toMatchObject({ subscriptionId: pass.subscriptionId, pin: pass.pin, owner: ada, maxEntries: 3, used: 0, available: 3 });
    expect(await passes.byId(randomUUID())).toBeNull();
  });

  it('exposes the categories it pays for per event, and none for a pass issued before restrictions existed', async () => {
    const limited = await passes.byId((await issue({ compatibleCategoryIds: { jazz: [2] } })).subscriptionId);
    expect(limited?.compatibleCategoryIds).toEqual({ jazz: [2] });
    expect([compatibleCategoriesOf(limited!, 'jazz'), compatibleCategoriesOf(limited!, 'blues')]).toEqual([[2], null]);

    const { compatibleCategoryIds: _none, ...older } = await issue();
    const id = randomUUID();
    const metadata = { correlationId: id, causationId: id, occurredAt: new Date().toISOString(), actor: 'session:test' };
    await app.store.append(subscriptionStreamId(id), [subscriptionToLog({ type: 'SubscriptionIssued', data: { ...older, subscriptionId: id } }, metadata)], 'no_stream');
    expect((await app.store.readStream(subscriptionStreamId(id)))[0]!.data).not.toHaveProperty('compatibleCategoryIds');
    const old = await passes.byId(id);
    expect(old?.compatibleCategoryIds).toEqual({});
    expect(compatibleCategoriesOf(old!, 'jazz')).toBeNull();
  });

  it('finds a pass by its PIN as typed, in its organizer', async () => {
    const pass = await issue();
    const typed = `${pass.pin.slice(0, 4).toLowerCase()}-${pass.pin.slice(4)}`;
    expect((await passes.byPin('acme', typed))?.subscriptionId).toBe(pass.subscriptionId);
    expect(await passes.byPin('zeta', typed)).toBeNull();
    expect(await codeOf(passes.byPin('acme', 'not-a-pin!'))).toBe(subscriptionErrors.malformedCode);
  });

  it('records uses up to max entries, the same use again changes nothing, and an undone use gives its entries back', async () => {
    const pass = await issue({ maxEntries: 2, usageType: 'UNLIMITED' });
    const id = pass.subscriptionId;
    const [first, second] = [randomUUID(), randomUUID()];
    expect(await passes.use(id, { reservationId: first, eventShortName: 'jazz', entries: 1 })).toBe(true);
    expect(await passes.use(id, { reservationId: first, eventShortName: 'jazz', entries: 1 })).toBe(false);
    expect(await codeOf(passes.use(id, { reservationId: second, eventShortName: 'jazz', entries: 2 }))).toBe(subscriptionErrors.maxUsageReached);
    expect(await codeOf(passes.use(id, { reservationId: second, eventShortName: 'opera', entries: 1 }))).toBe(subscriptionErrors.notValid);
    expect(await passes.byId(id)).toMatchObject({ used: 1, available: 1 });
    expect(await passes.undoUse(id, first)).toBe(true);
    expect(await passes.undoUse(id, first)).toBe(false);
    expect(await passes.byId(id)).toMatchObject({ used: 0, available: 2 });
    expect(await codeOf(passes.use(randomUUID(), { reservationId: second, eventShortName: 'jazz', entries: 1 }))).toBe(subscriptionErrors.notAcquired);
  });

  it('gives the last entry to exactly one of 20 orders using it at once', async () => {
    const pass = await issue({ maxEntries: 1, usageType: 'UNLIMITED' });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => codeOf(passes.use(pass.subscriptionId, { reservationId: randomUUID(), eventShortName: 'blues', entries: 1 }))),
    );
    expect(outcomes.filter((o) => o === 'recorded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === subscriptionErrors.maxUsageReached)).toHaveLength(19);
    expect(await app.store.readStream(subscriptionStreamId(pass.subscriptionId))).toHaveLength(2);
  });
});
