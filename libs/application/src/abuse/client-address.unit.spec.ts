import { describe, expect, it } from 'vitest';
import { rateLimitKey, trustProxySetting } from './client-address.js';

describe('rate limit key', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s is keyed as %s', (ip, key) => {
    expect(rateLimitKey(ip)).toBe(key);
  });

  it('gives every address of one /64 the same key', () => {
    expect(rateLimitKey('2001:db8:aa:bb:1::')).toBe(rateLimitKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(rateLimitKey('2001:db8:aa:bb::')).not.toBe(rateLimitKey('2001:db8:aa:bc::'));
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('%j reads as %j', (raw, value) => {
    expect(trustProxySetting.parse(raw)).toEqual(value);
  });
});
