/**
 * What the sessions hold right now (store subscriptions, timers, workers, page listeners), counted as they are
 * taken and given back. Costs two map writes; it lets a test prove that elements removed from
 * the page leave nothing running behind them.
 */
export type ResourceKind = 'subscription' | 'timer' | 'worker' | 'listener';

const counts: Record<ResourceKind, number> = { subscription: 0, timer: 0, worker: 0, listener: 0 };

/** Takes one resource; the returned function gives it back (once, however often it is called). */
export function hold(kind: ResourceKind): () => void {
  counts[kind] += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    counts[kind] -= 1;
  };
}

/** Test hook: the resources held by every session on the page. */
export function liveResources(): Readonly<Record<ResourceKind, number>> {
  return { ...counts };
}
