import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-serialization';

describe('query serialization', () => {
  it('reads every value as text and a repeated key as a list', () => {
    expect(parseSearch('?code=2E10&organizer=3&tags=a&tags=b&lang=de')).toEqual({ code: '2E10', organizer: '3', tags: ['a', 'b'], lang: 'de' });
  });

  it('writes text as it is, lists as repeated keys, and leaves out empty values', () => {
    expect(stringifySearch({ code: '2027', tags: ['music', 'jazz'], lang: undefined, errors: '' })).toBe('?code=2027&tags=music&tags=jazz');
    expect(stringifySearch({})).toBe('');
  });

  it('round-trips', () => {
    const search = { subscription: '6f30c825-ff76-4b1f-b14e-1bde488a97a7', tags: ['a b', 'c&d'], code: 'WINTER10' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
