import { describe, expect, it } from 'vitest';
import { withoutApiTrailingSlash } from './api-trailing-slash.js';

describe('an API path with a trailing slash', () => {
  it.each([
    ['/api/v2/public/reservation/r1/apply-code/', '/api/v2/public/reservation/r1/apply-code'],
    ['/api/v2/public/reservation/r1/apply-code//?lang=en', '/api/v2/public/reservation/r1/apply-code?lang=en'],
    ['/api/v2/public/events/', '/api/v2/public/events'],
  ])('routes %s as %s', (sent, routed) => expect(withoutApiTrailingSlash(sent)).toBe(routed));

  it.each(['/api/v2/public/events', '/api/v2/public/events?x=a/', '/event/jazz/ticket/t1/', '/', '/apiary/'])('leaves %s as it is', (url) => {
    expect(withoutApiTrailingSlash(url)).toBe(url);
  });
});
