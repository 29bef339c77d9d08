import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, toJsonForm } from './canonical-json.js';
import { GENESIS_HASH, hashEvent, type HashedContent } from './hash-chain.js';
import { chainEvents, type PreparedEvent } from './prepare-events.js';

/*
 * Every stored hash depends on the canonical text, so the one-pass writer must give exactly what the first
 * implementation gave. That implementation is kept here, as it was, and both are run over generated values.
 */
function firstCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => firstCanonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${firstCanonicalJson(record[key])}`);
  return `{${fields.join(',')}}`;
}

function firstHashEvent(content: HashedContent, previousHash: string): string {
  return createHash('sha256').update(firstCanonicalJson({ ...content, previousHash }), 'utf8').digest('hex');
}

/** mulberry32: the same values on every run, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const NUMBERS = [0, -0, 1, -1, 0.1, 0.2 + 0.1, 1e21, 1e-7, -1.5e300, 5e-324, 123456789, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, NaN, Infinity, -Infinity];
const STRINGS = ['', 'a', 'Zürich', '日本語', '😀 ok', 'quote " and \\ backslash', 'tab\tnew\nline', '\u0000\u001f\u007f', '\u2028\u2029', 'lone \ud800 high', 'lone \udc00 low', '</script>'];
const KEYS = ['a', 'b', 'B', 'id', 'data', 'z', '10', '2', '-1', '', 'é', 'e\u0301', '😀', 'k"q', 'back\\slash', '\n', 'constructor', 'toString'];

/** JSON values with the odd corners a caller can hand in: undefined, holes, Dates, functions, boxed strings, Maps. */
function generate(random: ReturnType<typeof seeded>, depth: number): unknown {
  const roll = random.next();
  if (depth <= 0 || roll < 0.35) return scalar(random);
  if (roll < 0.65) {
    const record: Record<string, unknown> = {};
    const size = Math.floor(random.next() * 6);
    for (let i = 0; i < size; i++) record[random.pick(KEYS)] = generate(random, depth - 1);
    return record;
  }
  if (roll < 0.9) return Array.from({ length: Math.floor(random.next() * 5) }, () => generate(random, depth - 1));
  return random.pick([holey, () => new Date(Date.UTC(2025, 0, 1)), () => new String('ab'), () => new Map([['a', 1]]), () => () => 1])();
}

/** `[1, <hole>, 3]` */
function holey(): unknown[] {
  const array = new Array<unknown>(3);
  array[0] = 1;
  array[2] = 3;
  return array;
}

function scalar(random: ReturnType<typeof seeded>): unknown {
  const roll = random.next();
  if (roll < 0.3) return random.pick(STRINGS);
  if (roll < 0.6) return random.pick(NUMBERS);
  if (roll < 0.7) return Math.floor(random.next() * 2 ** 40) - 2 ** 39;
  return random.pick([null, true, false, undefined, Symbol('s')]);
}

const metadata = { correlationId: 'c', causationId: 'k', occurredAt: '2025-01-01T00:00:00.000Z', actor: 'session:1' };

function generatedContent(random: ReturnType<typeof seeded>, n: number): HashedContent {
  const content: HashedContent = {
    streamId: `stream-${random.pick(STRINGS)}`,
    revision: n,
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: random.pick(['SeatsHeld', 'ReservationOpened', 'Typ "quoted"']),
    data: generate(random, 4) as Record<string, unknown>,
    metadata: random.next() < 0.5 ? metadata : (generate(random, 2) as object),
    personal: random.next() < 0.5 ? null : { subjectId: `reservation-${n}`, ciphertext: 'AAEC' },
  };
  // Shapes other than hashedContent's (extra, missing or reordered keys) take hashEvent's other path.
  const roll = random.next();
  if (roll < 0.1) return { ...content, extra: generate(random, 1) } as HashedContent;
  if (roll < 0.2) return { ...content, personal: undefined } as unknown as HashedContent;
  if (roll < 0.3) {
    const { type, ...rest } = content;
    return { type, ...rest };
  }
  return content;
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined fields, so key order never changes a hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });

  it('writes every generated value exactly as the first implementation did', () => {
    const random = seeded(20_250_601);
    for (let n = 0; n < 3_000; n++) {
      const value = generate(random, 5);
      expect(canonicalJson(value), `value ${n}`).toBe(firstCanonicalJson(value));
    }
  });

  it('writes keys right after its cache of quoted keys filled up and was emptied', () => {
    const wide = Object.fromEntries(Array.from({ length: 2_500 }, (_, i) => [`key "${2_500 - i}"\t`, i]));
    expect(canonicalJson(wide)).toBe(firstCanonicalJson(wide));
    expect(canonicalJson(wide)).toBe(firstCanonicalJson(wide));
  });

  it('throws where the first implementation threw (a bigint has no JSON form)', () => {
    expect(() => firstCanonicalJson({ a: 1n })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });
});

describe('hashEvent', () => {
  it('gives the hash the first implementation gave, for every generated content', () => {
    const random = seeded(7);
    for (let n = 0; n < 1_000; n++) {
      const content = generatedContent(random, n);
      expect(hashEvent(content, GENESIS_HASH), `content ${n}`).toBe(firstHashEvent(content, GENESIS_HASH));
    }
  });

  it('still gives a hash stored by the first implementation', () => {
    const content: HashedContent = {
      streamId: 'inventory-rush',
      revision: 3,
      id: '11111111-1111-4111-8111-111111111111',
      type: 'SeatsHeld',
      data: { eventShortName: 'rush', reservationId: 'r-1', tickets: [{ categoryId: 12, quantity: 2 }], services: [], codeUse: null, expiresAt: '2025-06-01T09:25:00.000Z' },
      metadata,
      personal: { subjectId: 'reservation-r-1', ciphertext: 'AAEC' },
    };
    expect(hashEvent(content, GENESIS_HASH)).toBe('e95c710090644e529e9cfd71a56bdc911341589db8c872eddbbc4a411d9ee8c7');
  });
});

describe('prepared events', () => {
  it('keep the text their JSON form came from, which JSON.stringify of the form gives again', () => {
    const random = seeded(11);
    for (let n = 0; n < 1_000; n++) {
      const value = { n, payload: generate(random, 4) };
      const form = toJsonForm(value);
      expect(form.text).toBe(JSON.stringify(JSON.parse(JSON.stringify(value))));
      expect(JSON.stringify(form.value)).toBe(form.text);
    }
  });

  it('chain as the first implementation chained them, every field kept', () => {
    const random = seeded(3);
    const events: PreparedEvent[] = Array.from({ length: 50 }, (_, n) => {
      const data = toJsonForm({ n, value: generate(random, 4) });
      return { id: `e${n}`, type: 'T', data: data.value, metadata, personal: null, dataJson: data.text, metadataJson: JSON.stringify(metadata) };
    });
    let previousHash = GENESIS_HASH;
    const first = events.map((event, index) => {
      const revision = 4 + index;
      const { id, type, data } = event;
      const hash = firstHashEvent({ streamId: 's', revision, id, type, data, metadata, personal: null }, previousHash);
      const chained = { ...event, revision, previousHash, hash };
      previousHash = hash;
      return chained;
    });
    expect(chainEvents('s', events, 3, GENESIS_HASH)).toEqual(first);
  });
});
