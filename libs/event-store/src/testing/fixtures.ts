import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@ticketing/kernel';
import type { EventStore, EventToAppend, PersonalData } from '../port.js';

/** What a contract run needs: a store, and how to let go of it (and whatever it started) afterwards. */
export interface EventStoreUnderTest {
  readonly store: EventStore;
  close(): Promise<void>;
}

/** Streams are unique per test so that every test of a run can share one store. */
export function aStreamId(prefix = 'contract'): string {
  return `${prefix}-${randomUUID()}`;
}

export function someMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: '2025-03-01T10:15:30.000Z',
    actor: 'user:42',
    ...overrides,
  };
}

export function anEvent(type: string, data: Record<string, unknown> = {}, personal?: PersonalData): EventToAppend {
  return { type, data, metadata: someMetadata(), ...(personal ? { personal } : {}) };
}

/** Resolves once `condition` holds, polling; fails the test after `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
