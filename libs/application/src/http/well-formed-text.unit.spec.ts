import { describe, expect, it } from 'vitest';
import { illFormedTextAt } from './well-formed-text.js';

describe('ill-formed text in a parsed body', () => {
  it('finds a lone surrogate in a value or a key, and passes proper pairs and plain text', () => {
    expect(illFormedTextAt({ firstName: 'Ada', lastName: 'Lo\u{1F4A5}velace', tags: ['é', '中'] })).toBeNull();
    expect(illFormedTextAt({ firstName: 'Ada', lastName: '\ud800' })).toEqual(['lastName']);
    expect(illFormedTextAt({ tickets: { t1: { names: ['ok', 'x\udfff'] } } })).toEqual(['tickets', 't1', 'names', 1]);
    expect(illFormedTextAt({ additional: { ['k\ud83d']: ['v'] } })).toEqual(['additional']);
    expect(illFormedTextAt('\ud83d\udca5')).toBeNull();
    expect(illFormedTextAt('\udca5\ud83d')).toEqual([]);
    expect(illFormedTextAt(null)).toBeNull();
    expect(illFormedTextAt(42)).toBeNull();
  });

  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\ud800"${']'.repeat(100_000)}`);
    expect(illFormedTextAt(deep)).toHaveLength(100_000);
    expect(illFormedTextAt(JSON.parse(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`))).toBeNull();
  });
});
