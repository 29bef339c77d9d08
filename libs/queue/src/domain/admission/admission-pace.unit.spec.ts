import { describe, expect, it } from 'vitest';
import { paceAdmissions, type AdmissionPace } from './admission-pace.js';

const opensAt = new Date('2030-05-10T09:00:00Z');
const at = (ms: number) => new Date(opensAt.getTime() + ms);
const fresh: AdmissionPace = { lastTickAt: null, carry: 0 };

/** Runs ticks every `stepMs` for `durationMs` with `backlog` waiting; the total admitted. */
function run(admissionsPerMinute: number, stepMs: number, durationMs: number, backlog = Number.MAX_SAFE_INTEGER): number {
  let pace = fresh;
  let admitted = 0;
  for (let t = stepMs; t <= durationMs; t += stepMs) {
    const decision = paceAdmissions(pace, { now: at(t), opensAt, admissionsPerMinute, waiting: backlog - admitted });
    admitted += decision.admit;
    pace = decision.pace;
  }
  return admitted;
}

describe('paceAdmissions', () => {
  it('admits nobody before the opening', () => {
    expect(paceAdmissions(fresh, { now: at(-1_000), opensAt, admissionsPerMinute: 600, waiting: 10 }).admit).toBe(0);
  });

  it('admits the configured rate over time with a backlog, whatever the tick interval', () => {
    expect(run(60, 1_000, 60_000)).toBe(60);
    expect(run(60, 250, 60_000)).toBe(60);
    expect(run(600, 700, 60_200)).toBe(602);
    expect(run(7, 1_000, 120_000)).toBe(14);
  });

  it('never admits more than are waiting', () => {
    expect(run(6_000, 1_000, 60_000, 25)).toBe(25);
  });

  it('does not bank a burst while nobody waits', () => {
    let pace = fresh;
    for (let t = 1_000; t <= 30_000; t += 1_000) pace = paceAdmissions(pace, { now: at(t), opensAt, admissionsPerMinute: 60, waiting: 0 }).pace;
    // 30 s of an empty line at 1/s, then 100 arrive: one second's worth, not thirty
    expect(paceAdmissions(pace, { now: at(31_000), opensAt, admissionsPerMinute: 60, waiting: 100 }).admit).toBe(2);
  });

  it('counts a long stop (a restart) as at most ten seconds', () => {
    const before = paceAdmissions(fresh, { now: at(1_000), opensAt, admissionsPerMinute: 60, waiting: 1_000 });
    expect(before.admit).toBe(1);
    const after = paceAdmissions(before.pace, { now: at(301_000), opensAt, admissionsPerMinute: 60, waiting: 1_000 });
    expect(after.admit).toBe(10);
  });
});
