import { afterAll, beforeAll, describe } from 'vitest';
import type { EventStore } from '../port.js';
import { appendContract } from './contract-appends.js';
import { hashChainContract } from './contract-hash-chain.js';
import { multiAppendContract } from './contract-multi-appends.js';
import { personalDataContract } from './contract-personal-data.js';
import { readContract } from './contract-reads.js';
import { subscriptionContract } from './contract-subscriptions.js';
import type { EventStoreUnderTest } from './fixtures.js';

/**
 * The behaviour every EventStore adapter must have, as vitest suites. Call it at the top level of an adapter's
 * spec file with a factory; the store is opened once for the whole run (every test uses streams of its own).
 * Tests that read the global log compare against headPosition() taken first, so they assume no other writer
 * uses the store during the run.
 */
export function describeEventStoreContract(name: string, open: () => Promise<EventStoreUnderTest>): void {
  describe(`${name}: EventStore contract`, () => {
    let subject: EventStoreUnderTest | undefined;
    const store = (): EventStore => {
      if (!subject) throw new Error('the store under test was not opened');
      return subject.store;
    };
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => {
      await subject?.close();
    });

    describe('append and expected revision', () => appendContract(store));
    describe('append to several streams at once', () => multiAppendContract(store));
    describe('reads', () => readContract(store));
    describe('subscriptions', () => subscriptionContract(store));
    describe('personal data', () => personalDataContract(store));
    describe('hash chain', () => hashChainContract(store));
  });
}
