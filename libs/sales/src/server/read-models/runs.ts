/** Consecutive events of one kind, in order: a batch applies each run with one statement and keeps the log's order between runs. */
export function runsOf<T, K>(items: readonly T[], kindOf: (item: T) => K): { kind: K; items: T[] }[] {
  const runs: { kind: K; items: T[] }[] = [];
  for (const item of items) {
    const kind = kindOf(item);
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.items.push(item);
    else runs.push({ kind, items: [item] });
  }
  return runs;
}
