import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/event/meetup/reservation/42/book?lang=en')).toBe('/event/meetup/reservation/42/book?lang=en');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\tevil', 'javascript:alert(1)', '', undefined, `/${'a'.repeat(1100)}`])(
    'sends %s home instead',
    (value) => {
      expect(safeReturnPath(value)).toBe('/');
    },
  );
});
