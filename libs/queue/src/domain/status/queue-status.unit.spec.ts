import { describe, expect, it } from 'vitest';
import { queueStatus, type RoomProgress } from './queue-status.js';

const opensAt = new Date('2030-05-10T09:00:00Z');
const after = (ms: number) => new Date(opensAt.getTime() + ms);
const room = (admittedThrough: number): RoomProgress => ({ opensAt, admissionsPerMinute: 60, admittedThrough });

describe('queueStatus', () => {
  it('before the opening a visitor waits for the draw', () => {
    expect(queueStatus({ position: null, joinedBeforeOpening: true, admittedAt: null }, room(0), 10, after(-5_000))).toEqual({ state: 'WAITING_FOR_DRAW', opensAt });
  });

  it('a later arrival without a place yet is joining', () => {
    expect(queueStatus({ position: null, joinedBeforeOpening: false, admittedAt: null }, room(0), 10, after(5_000)).state).toBe('JOINING');
  });

  it('in line: the ones ahead are the places between the admitted and this one, the wait their admissions at the rate', () => {
    expect(queueStatus({ position: 15, joinedBeforeOpening: false, admittedAt: null }, room(10), 10, after(10_000))).toEqual({
      state: 'IN_LINE',
      position: 15,
      ahead: 4,
      estimatedWaitSeconds: 5,
    });
  });

  it('admitted: the token runs for its validity from the admission', () => {
    const admittedAt = after(60_000);
    expect(queueStatus({ position: 3, joinedBeforeOpening: true, admittedAt }, room(10), 10, after(120_000))).toEqual({
      state: 'ADMITTED',
      position: 3,
      tokenExpiresAt: new Date(admittedAt.getTime() + 600_000),
    });
  });

  it('an admitted buyer who stays away past the validity loses the slot', () => {
    const admittedAt = after(60_000);
    expect(queueStatus({ position: 3, joinedBeforeOpening: true, admittedAt }, room(10), 10, after(60_000 + 600_000)).state).toBe('EXPIRED');
  });
});
