import { describe, expect, it } from 'vitest';
import { RoomBatches } from './room-batches.js';

describe('RoomBatches', () => {
  it('calls that come while a statement is in flight go together in the next one, in order, each answered with its own output', async () => {
    const runs: string[][] = [];
    let release!: () => void;
    const batches = new RoomBatches<string, string>(async (room, inputs) => {
      runs.push([room, ...inputs]);
      if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return inputs.map((input) => `${input}!`);
    });
    const first = [batches.submit('a', '1'), batches.submit('a', '2'), batches.submit('b', 'x')];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batches.submit('a', '3'), batches.submit('a', '4')];
    release();
    expect(await Promise.all([...first, ...later])).toEqual(['1!', '2!', 'x!', '3!', '4!']);
    expect(runs).toEqual([['a', '1', '2'], ['b', 'x'], ['a', '3', '4']]);
  });

  it('a failed statement fails its own calls only; the room goes on with the next batch', async () => {
    let calls = 0;
    let release!: () => void;
    const batches = new RoomBatches<number, number>(async (_room, inputs) => {
      calls++;
      if (calls === 1) {
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('connection lost');
      }
      return inputs.map((n) => n * 2);
    });
    const failing = [batches.submit('a', 1), batches.submit('a', 2)];
    await new Promise((resolve) => setImmediate(resolve));
    const next = batches.submit('a', 3);
    release();
    for (const call of failing) await expect(call).rejects.toThrow('connection lost');
    expect(await next).toBe(6);
    expect(await batches.submit('a', 5)).toBe(10);
  });

  it('splits a long wait into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const batches = new RoomBatches<number, number>(async (_room, inputs) => (sizes.push(inputs.length), inputs), 4);
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => batches.submit('a', i)))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });
});
