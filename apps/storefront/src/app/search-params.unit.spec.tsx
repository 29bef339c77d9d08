import { describe, expect, it } from 'vitest';
import { catalogFilters, parseCatalogSearch, parseEventSearch, reservationSearch } from './search-params';

describe('catalog query parameters', () => {
  it('keeps a UUID v4 subscription, the organizer and the tags', () => {
    expect(parseCatalogSearch({ subscription: '6f30c825-ff76-4b1f-b14e-1bde488a97a7', organizer: '42', tags: ['music', 'jazz'] })).toEqual({
      subscription: '6f30c825-ff76-4b1f-b14e-1bde488a97a7',
      organizer: '42',
      tags: ['music', 'jazz'],
    });
    expect(parseCatalogSearch({ tags: 'music' })).toEqual({ tags: ['music'] });
  });

  it('drops what is not valid (spec 5: the subscription must be a UUID v4)', () => {
    expect(parseCatalogSearch({ subscription: 'abc', organizer: '', tags: ['', null] })).toEqual({});
    expect(parseCatalogSearch({ subscription: '6f30c825-ff76-1b1f-b14e-1bde488a97a7' })).toEqual({});
  });

  it('keeps an organizer only when it is an integer id (reference 7), a number given in code too', () => {
    expect(parseCatalogSearch({ organizer: 'seeklang' })).toEqual({});
    expect(parseCatalogSearch({ organizer: '1.5' })).toEqual({});
    expect(parseCatalogSearch({ organizer: '-1' })).toEqual({});
    expect(parseCatalogSearch({ organizer: ' 7 ' })).toEqual({ organizer: '7' });
    expect(parseCatalogSearch({ organizer: 7 })).toEqual({ organizer: '7' });
  });

  it('reads a numeric promo code back as text, and the error list', () => {
    expect(parseEventSearch({ code: 2027, errors: 'error.STEP_1_CODE_NOT_FOUND' })).toEqual({ code: '2027', errors: 'error.STEP_1_CODE_NOT_FOUND' });
  });

  it('reduces a search to the list filters', () => {
    expect(catalogFilters({ organizer: '7', tags: [] })).toEqual({ organizer: '7' });
  });

  it('carries the filters and the organizer slug to the booking step, without the code or the errors', () => {
    const search = parseEventSearch({ tags: 'music', organizerSlug: 'seeklang', code: 'WINTER10', errors: 'x', subscription: 'nope' });
    expect(reservationSearch(search)).toEqual({ tags: ['music'], organizerSlug: 'seeklang' });
  });
});
