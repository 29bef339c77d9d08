import { describe, expect, it } from 'vitest';
import { matchesPollPin, pollPinOf, ticketUuidRangeOfPin } from './poll-pin.js';

describe('poll PIN of a ticket', () => {
  it("is the uuid's first 30 bits as 6 Crockford base-32 symbols, most significant first", () => {
    expect(pollPinOf('00000000-0000-4000-8000-000000000000')).toBe('000000');
    expect(pollPinOf('00000004-0000-4000-8000-000000000000')).toBe('000001');
    expect(pollPinOf('ffffffff-ffff-4fff-bfff-ffffffffffff')).toBe('ZZZZZZ');
    // 0x1c0ffee0 >> 2 = 117702584 = 3 16 7 31 29 24 in base 32
    expect(pollPinOf('1c0ffee0-0000-4000-8000-000000000001')).toBe('3G7ZXR');
    expect(pollPinOf('1C0FFEE3-ABCD-4000-8000-000000000001')).toBe('3G7ZXR');
  });

  it('names the range of uuids that share those bits, and comes back from it (round trip)', () => {
    for (const uuid of ['1c0ffee0-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000000', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '7a3e9b21-5c4d-4e6f-8a9b-0c1d2e3f4a5b']) {
      const range = ticketUuidRangeOfPin(pollPinOf(uuid));
      expect(range).not.toBeNull();
      expect(range!.from <= uuid.toLowerCase() && uuid.toLowerCase() <= range!.to).toBe(true);
      expect(pollPinOf(range!.from)).toBe(pollPinOf(uuid));
      expect(pollPinOf(range!.to)).toBe(pollPinOf(uuid));
    }
    expect(ticketUuidRangeOfPin('3G7ZXR')).toEqual({ from: '1c0ffee0-0000-0000-0000-000000000000', to: '1c0ffee3-ffff-ffff-ffff-ffffffffffff' });
  });

  it('reads a typed PIN in any case, without spaces and dashes, look-alikes as their symbol', () => {
    const uuid = '1c0ffee0-0000-4000-8000-000000000001';
    for (const typed of ['3g7zxr', ' 3G7 ZXR ', '3G7-ZXR', '3g7\u2013zxr', '3G7\u00a0ZXR']) expect(matchesPollPin(uuid, typed)).toBe(true);
    const withLookAlikes = pollPinOf('00000104-0000-4000-8000-000000000000'); // 0x104 >> 2 = 65 = "000021"
    expect(withLookAlikes).toBe('000021');
    expect(ticketUuidRangeOfPin('OOOO2l')).toEqual(ticketUuidRangeOfPin('000021'));
    expect(ticketUuidRangeOfPin('ooo02i')).toEqual(ticketUuidRangeOfPin('000021'));
  });

  it('refuses what cannot be a PIN', () => {
    for (const typed of ['', '3G7ZX', '3G7ZXR0', '3G7ZXU', '3G7ZX!', 'ÄG7ZXR']) expect(ticketUuidRangeOfPin(typed)).toBeNull();
    expect(matchesPollPin('1c0ffee0-0000-4000-8000-000000000001', '3G7ZXS')).toBe(false);
  });
});
