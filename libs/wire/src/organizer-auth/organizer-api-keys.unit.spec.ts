import { describe, expect, it } from 'vitest';
import { OrganizerApiKeys } from './organizer-api-keys.js';

const keys = OrganizerApiKeys.parse(' lakeside:lake-key-0123456789abcdef , harbour:harb:our-key-0123456789 ,');

describe('organizer API keys', () => {
  it('finds the organizer of a key, the key possibly containing colons', () => {
    expect(keys.size).toBe(2);
    expect(keys.organizerOf('lake-key-0123456789abcdef')).toBe('lakeside');
    expect(keys.organizerOf('harb:our-key-0123456789')).toBe('harbour');
  });

  it('knows no key that is a prefix, an extension or another organizer name of a configured one', () => {
    for (const wrong of ['lake-key-0123456789abcde', 'lake-key-0123456789abcdef0', 'lakeside', '']) expect(keys.organizerOf(wrong)).toBeUndefined();
  });

  it('reads `Authorization: ApiKey <key>` only', () => {
    expect(keys.authenticate('ApiKey lake-key-0123456789abcdef')).toBe('lakeside');
    expect(keys.authenticate('apikey  lake-key-0123456789abcdef ')).toBe('lakeside');
    for (const header of [undefined, '', 'Bearer lake-key-0123456789abcdef', 'lake-key-0123456789abcdef', 'ApiKey a b']) {
      expect(keys.authenticate(header)).toBeUndefined();
    }
  });

  it('has no keys when unset, and refuses malformed or short ones at start-up', () => {
    expect(OrganizerApiKeys.parse(undefined).size).toBe(0);
    expect(OrganizerApiKeys.parse(undefined).authenticate('ApiKey anything-0123456789')).toBeUndefined();
    expect(() => OrganizerApiKeys.parse('no-slug-here-0123456789')).toThrow(/slug:key/);
    expect(() => OrganizerApiKeys.parse(':key-without-slug-0123456789')).toThrow(/slug:key/);
    expect(() => OrganizerApiKeys.parse('lakeside:short')).toThrow(/16 characters/);
  });
});
