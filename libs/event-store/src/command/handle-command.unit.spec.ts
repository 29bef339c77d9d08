import { describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../port.js';
import { handleCommand } from './handle-command.js';

/** A stream of numbers that another writer may append to between a load and an append. */
function counterStream(interferences: number) {
  const stream: number[] = [];
  let interfere = interferences;
  return {
    stream,
    load: async () => ({ sum: stream.reduce((a, b) => a + b, 0), revision: stream.length }),
    append: async (value: number, expected: number) => {
      if (interfere > 0) {
        interfere--;
        stream.push(100); // someone else wrote first
      }
      if (stream.length !== expected) throw new WrongExpectedRevisionError('counter', expected, stream.length);
      stream.push(value);
      return { position: BigInt(stream.length) };
    },
  };
}

describe('handleCommand', () => {
  it('decides again on what another writer appended, and appends once', async () => {
    const counter = counterStream(2);
    const written: bigint[] = [];
    const result = await handleCommand({
      load: counter.load,
      decide: ({ sum, revision }) => ({ result: sum, append: () => counter.append(1, revision) }),
      written: async (position) => void written.push(position),
    });
    expect(counter.stream).toEqual([100, 100, 1]);
    expect(result).toBe(200); // the sum the appended decision was taken on
    expect(written).toEqual([3n]);
  });

  it('lets the conflict through after the last attempt', async () => {
    const counter = counterStream(5);
    const run = handleCommand({ load: counter.load, decide: ({ revision }) => ({ result: null, append: () => counter.append(1, revision) }), attempts: 3 });
    await expect(run).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(counter.stream).toEqual([100, 100, 100]);
  });

  it('writes nothing and waits for nothing when the decision changes nothing', async () => {
    let waited = false;
    const result = await handleCommand({ load: async () => 'state', decide: () => ({ result: 'unchanged' }), written: async () => void (waited = true) });
    expect(result).toBe('unchanged');
    expect(waited).toBe(false);
  });

  it('does not retry a refusal or any other failure', async () => {
    let loads = 0;
    const refusal = new Error('refused');
    const run = handleCommand({
      load: async () => ++loads,
      decide: () => ({ result: null, append: () => Promise.reject(refusal) }),
    });
    await expect(run).rejects.toBe(refusal);
    expect(loads).toBe(1);
  });
});
