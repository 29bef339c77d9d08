/**
 * How many waiting buyers a tick of the admission job lets in: admissions accrue at the configured rate from the
 * last tick (fractions carried over), so over any stretch with a backlog the count admitted is the rate times the
 * time, whatever the tick interval. Credit banked while nobody waits is capped at one second's worth (at least
 * one admission), so a quiet queue does not release a burst when people arrive; a gap longer than `maxGapMs`
 * (the job stopped, a restart) counts as `maxGapMs`, for the same reason.
 */
export interface AdmissionPace {
  /** When the previous tick ran; null before the first one (the room's opening). */
  readonly lastTickAt: Date | null;
  /** Admissions accrued but not given yet, always < 1 while someone waits. */
  readonly carry: number;
}

export interface PaceInput {
  readonly now: Date;
  readonly opensAt: Date;
  readonly admissionsPerMinute: number;
  /** Buyers with a place in line who are not admitted yet. */
  readonly waiting: number;
}

export interface PaceDecision {
  readonly admit: number;
  readonly pace: AdmissionPace;
}

const MAX_GAP_MS = 10_000;

export function paceAdmissions(pace: AdmissionPace, input: PaceInput): PaceDecision {
  const now = input.now.getTime();
  const opensAt = input.opensAt.getTime();
  if (now < opensAt) return { admit: 0, pace };
  const since = Math.max(pace.lastTickAt?.getTime() ?? opensAt, opensAt);
  const elapsed = Math.min(Math.max(0, now - since), MAX_GAP_MS);
  const perMs = input.admissionsPerMinute / 60_000;
  const credit = pace.carry + elapsed * perMs;
  const admit = Math.max(0, Math.min(Math.floor(credit), input.waiting));
  const bankLimit = Math.max(1, input.admissionsPerMinute / 60);
  return { admit, pace: { lastTickAt: input.now, carry: Math.min(credit - admit, bankLimit) } };
}
