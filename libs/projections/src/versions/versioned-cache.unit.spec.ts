import { describe, expect, it } from 'vitest';
import { SharedVersionReader, VersionedCache } from './versioned-cache.js';

describe('VersionedCache', () => {
  it('loads once per key and version, and again when the version moves', async () => {
    const cache = new VersionedCache<string>();
    let loads = 0;
    const load = async () => `value-${++loads}`;
    expect(await cache.get('a', 'v1', load)).toBe('value-1');
    expect(await cache.get('a', 'v1', load)).toBe('value-1');
    expect(await cache.get('a', 'v2', load)).toBe('value-2');
    expect(await cache.get('b', 'v2', load)).toBe('value-3');
  });

  it('forgets a failed load', async () => {
    const cache = new VersionedCache<string>();
    await expect(cache.get('a', 'v1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', 'v1', async () => 'back')).toBe('back');
  });
});

describe('SharedVersionReader', () => {
  it('shares one read among requests that arrived before it was sent, never one already under way', async () => {
    let sent = 0;
    let release: (() => void) | undefined;
    const reader = new SharedVersionReader(async () => {
      const n = ++sent;
      await new Promise<void>((resolve) => (release = resolve));
      return `v${n}`;
    });
    const first = reader.version();
    const second = reader.version();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(1); // both joined the read sent on the next turn
    const late = reader.version(); // arrives while that read is under way
    release!();
    expect(await first).toBe('v1');
    expect(await second).toBe('v1');
    await new Promise((resolve) => setImmediate(resolve));
    release!();
    expect(await late).toBe('v2');
  });

  it('keeps one read under way: requests arriving meanwhile, over several turns, share the next one', async () => {
    let sent = 0;
    const releases: (() => void)[] = [];
    const reader = new SharedVersionReader(async () => {
      const n = ++sent;
      await new Promise<void>((resolve) => releases.push(resolve));
      return `v${n}`;
    });
    const first = reader.version();
    await new Promise((resolve) => setImmediate(resolve));
    const during = [reader.version()];
    await new Promise((resolve) => setImmediate(resolve));
    during.push(reader.version());
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(1); // nothing more is sent while the first read is under way
    releases[0]!();
    expect(await first).toBe('v1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(2);
    releases[1]!();
    expect(await Promise.all(during)).toEqual(['v2', 'v2']);
  });

  it('sends the next read after a failed one', async () => {
    let sent = 0;
    const reader = new SharedVersionReader(async () => {
      if (++sent === 1) throw new Error('down');
      return 'v2';
    });
    const first = reader.version();
    const next = new Promise((resolve) => setImmediate(resolve)).then(() => reader.version());
    await expect(first).rejects.toThrow('down');
    expect(await next).toBe('v2');
  });
});
