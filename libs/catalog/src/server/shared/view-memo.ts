/**
 * Views kept under the identity of what they are computed from: an event's snapshot and its sales figures.
 * Both are replaced, never changed, when their tables change (VersionedCache hands out one object per
 * version), so a kept view is exact as long as its inputs are the current ones, and it is dropped with them
 * (weak keys): no version of its own to check. `key` holds the small inputs besides (code, time phase).
 */
export class ViewMemo<V> {
  private readonly views = new WeakMap<object, WeakMap<object, Map<string, V>>>();

  constructor(private readonly maxKeysPerInputs = 256) {}

  get(snapshot: object, figures: object, key: string, make: () => V): V {
    let byFigures = this.views.get(snapshot);
    if (!byFigures) this.views.set(snapshot, (byFigures = new WeakMap()));
    let byKey = byFigures.get(figures);
    if (!byKey) byFigures.set(figures, (byKey = new Map()));
    let view = byKey.get(key);
    if (view === undefined) {
      if (byKey.size >= this.maxKeysPerInputs) byKey.clear();
      view = make();
      byKey.set(key, view);
    }
    return view;
  }
}
