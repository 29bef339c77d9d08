/** Calendar fields of an instant as seen on a wall clock in one time zone. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

// Building an Intl formatter costs far more than using one, and the same few zones serve every request.
const fieldFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** True when the runtime knows `zone` as an IANA time zone id. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const formatter = cached(fieldFormatters, timeZone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    }),
  );
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields['year'] ?? 0,
    month: fields['month'] ?? 0,
    day: fields['day'] ?? 0,
    hour: fields['hour'] ?? 0,
    minute: fields['minute'] ?? 0,
    second: fields['second'] ?? 0,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in seconds, east positive (Java's ZoneOffset.getTotalSeconds). */
export function offsetSeconds(instant: Date, timeZone: string): number {
  const formatter = cached(offsetFormatters, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }));
  const name = formatter.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0; // plain "GMT": UTC itself
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === '-' ? -seconds : seconds;
}

/** Both instants fall on the same calendar day in `timeZone` (the event page then shows one date). */
export function sameDay(start: Date, end: Date, timeZone: string): boolean {
  const a = wallClock(start, timeZone);
  const b = wallClock(end, timeZone);
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm[:ss]`) stands for in `timeZone`, resolved as Java's
 * `ZonedDateTime.of` does: in an overlap (autumn) the earlier offset wins; in a gap (spring) the time is
 * moved later by the length of the gap.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  // Sale windows are resolved on every request: resolve each wall-clock time once per zone.
  const key = `${local}|${timeZone}`;
  let epochMs = resolved.get(key);
  if (epochMs === undefined) {
    if (resolved.size >= MAX_RESOLVED) resolved.clear();
    epochMs = resolve(local, timeZone);
    resolved.set(key, epochMs);
  }
  return new Date(epochMs);
}

const resolved = new Map<string, number>();
const MAX_RESOLVED = 20_000;

function resolve(local: string, timeZone: string): number {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m) throw new RangeError(`not a local date-time: ${local}`);
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // The offsets in force a day before and a day after cover both sides of any transition near this time.
  const before = offsetSeconds(new Date(asUtc - DAY_MS), timeZone);
  const after = offsetSeconds(new Date(asUtc + DAY_MS), timeZone);
  const fits = (offset: number) => offsetSeconds(new Date(asUtc - offset * 1000), timeZone) === offset;
  const candidates = [before, after].filter(fits);
  if (candidates.length === 0) return asUtc - before * 1000; // gap
  return asUtc - Math.max(...candidates) * 1000; // the larger offset is the earlier instant
}
