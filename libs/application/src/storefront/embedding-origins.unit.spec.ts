import { describe, expect, it } from 'vitest';
import { embeddingOriginsOf } from './embedding-origins.js';

const event = (enabled: boolean, notificationOrigin: string) => ({ shortName: 'x', embeddingConfiguration: { enabled, notificationOrigin } });

describe('the origins that may frame an event page', () => {
  it('is the notification origin of an event that enables embedding, as an origin', () => {
    expect(embeddingOriginsOf(event(true, 'https://host.example.org'))).toEqual(['https://host.example.org']);
    expect(embeddingOriginsOf(event(true, 'http://127.0.0.1:4173/'))).toEqual(['http://127.0.0.1:4173']);
  });

  it('is nothing when embedding is off, the origin is unset or not http(s), or the event is unknown', () => {
    expect(embeddingOriginsOf(event(false, 'https://host.example.org'))).toEqual([]);
    expect(embeddingOriginsOf(event(true, ''))).toEqual([]);
    expect(embeddingOriginsOf(event(true, 'javascript:alert(1)'))).toEqual([]);
    expect(embeddingOriginsOf(event(true, "https://a.example 'unsafe-inline'"))).toEqual([]);
    expect(embeddingOriginsOf(null)).toEqual([]);
    expect(embeddingOriginsOf({ shortName: 'x' })).toEqual([]);
  });
});
