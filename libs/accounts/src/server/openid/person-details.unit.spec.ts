import { describe, expect, it } from 'vitest';
import { personDetails } from './openid-login.js';

describe('the person a provider names', () => {
  it('takes given and family name, else the full name, and the e-mail', () => {
    expect(personDetails({ given_name: ' Ada ', family_name: 'Lovelace', email: 'ada@example.org', email_verified: true })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
    });
    expect(personDetails({ name: 'Grace Hopper', email: 'grace@example.org' })).toEqual({ firstName: 'Grace Hopper', lastName: null, email: 'grace@example.org' });
  });

  it('leaves out an e-mail the provider says it has not verified', () => {
    expect(personDetails({ given_name: 'Eve', email: 'ceo@example.org', email_verified: false }).email).toBeNull();
    expect(personDetails({ given_name: 'Eve', email: 'ceo@example.org', email_verified: 'false' }).email).toBeNull();
  });

  it('reads blank or non-text claims as absent', () => {
    expect(personDetails({ given_name: '  ', family_name: 42, email: '' })).toEqual({ firstName: null, lastName: null, email: null });
  });
});
