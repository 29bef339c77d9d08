import type { RecordedEvent } from '@ticketing/event-store';
import { handles, type Projection } from './projection.js';

/**
 * Splits the read models of a replay into at most `count` lanes of about equal work, the work of a read model taken
 * as the number of events of `sample` (the replay's first page) it handles: the busiest first, each to the lane with
 * the least work so far (then the fewest read models). Read models that handle none of the sample go round the lanes
 * after them. Lanes keep the order of `projections` within them.
 */
export function assignLanes(projections: readonly Projection[], sample: readonly RecordedEvent[], count: number): Projection[][] {
  const lanes = Array.from({ length: Math.max(1, Math.min(count, projections.length)) }, () => ({ work: 0, members: new Set<Projection>() }));
  const types = new Map<string, number>();
  for (const event of sample) types.set(event.type, (types.get(event.type) ?? 0) + 1);
  const work = (projection: Projection) => [...types].reduce((sum, [type, n]) => (handles(projection, type) ? sum + n : sum), 0);
  const weighed = projections.map((projection, order) => ({ projection, order, work: work(projection) }));
  weighed.sort((a, b) => b.work - a.work || a.order - b.order);
  for (const { projection, work: own } of weighed) {
    const lane = lanes.reduce((best, candidate) =>
      candidate.work < best.work || (candidate.work === best.work && candidate.members.size < best.members.size) ? candidate : best,
    );
    lane.work += own;
    lane.members.add(projection);
  }
  return lanes.map((lane) => projections.filter((p) => lane.members.has(p))).filter((lane) => lane.length > 0);
}
