import { describe, expect, it } from 'vitest';
import { isUuid } from '@ticketing/kernel';
import { userIdOf } from './user-id.js';

describe('userIdOf', () => {
  it('is the same UUID for the same issuer and subject, in every process', () => {
    const id = userIdOf('https://id.example.org', 'ada');
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('5');
    expect(userIdOf('https://id.example.org', 'ada')).toBe(id);
  });

  it('differs when the issuer or the subject differs (one person per provider account)', () => {
    const ids = new Set([userIdOf('https://id.example.org', 'ada'), userIdOf('https://other.example.org', 'ada'), userIdOf('https://id.example.org', 'grace'), userIdOf('https://id.example.org/', 'ada')]);
    expect(ids.size).toBe(4);
  });
});
