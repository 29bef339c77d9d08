import { expect, it } from 'vitest';
import type { EventStore } from '../port.js';
import { anEvent, aStreamId } from './fixtures.js';

export function personalDataContract(store: () => EventStore): void {
  it('stores personal data apart from the event data and reads it back', async () => {
    const stream = aStreamId('buyer');
    const subjectId = `buyer-${globalThis.crypto.randomUUID()}`;
    await store().append(stream, [anEvent('DetailsGiven', { ticketCount: 2 }, { subjectId, data: { email: 'ada@example.org', name: 'Ada' } })]);
    const [event] = await store().readStream(stream);
    expect(event!.personal).toEqual({ subjectId, data: { email: 'ada@example.org', name: 'Ada' }, erased: false });
    expect(event!.data).toEqual({ ticketCount: 2 });
    expect(JSON.stringify(event!.data)).not.toContain('ada@');
  });

  it('forgets a subject: its data reads as erased everywhere, others keep theirs, the chain still verifies', async () => {
    const stream = aStreamId('buyer');
    const [gone, kept] = [`gone-${globalThis.crypto.randomUUID()}`, `kept-${globalThis.crypto.randomUUID()}`];
    const head = await store().headPosition();
    await store().append(stream, [
      anEvent('DetailsGiven', {}, { subjectId: gone, data: { email: 'gone@example.org' } }),
      anEvent('DetailsGiven', {}, { subjectId: kept, data: { email: 'kept@example.org' } }),
      anEvent('Paid', { amount: 100 }),
    ]);
    expect(await store().forgetSubject(gone)).toBe(true);
    expect(await store().forgetSubject(gone)).toBe(false);

    const events = await store().readStream(stream);
    expect(events[0]!.personal).toEqual({ subjectId: gone, data: null, erased: true });
    expect(events[1]!.personal).toEqual({ subjectId: kept, data: { email: 'kept@example.org' }, erased: false });
    expect(events[2]!.personal).toBeUndefined();
    expect((await store().readAll({ after: head }))[0]!.personal).toEqual({ subjectId: gone, data: null, erased: true });
    expect((await store().verify(stream)).ok).toBe(true);

    // A subject seen again after erasure gets a fresh key: new data readable, old data stays erased.
    await store().append(stream, [anEvent('DetailsGiven', {}, { subjectId: gone, data: { email: 'back@example.org' } })]);
    const again = await store().readStream(stream);
    expect(again[0]!.personal?.erased).toBe(true);
    expect(again[3]!.personal).toEqual({ subjectId: gone, data: { email: 'back@example.org' }, erased: false });
  });
}
