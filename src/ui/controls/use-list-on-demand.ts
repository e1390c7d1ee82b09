import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** How a list is built: at once, when reached, or when reached or else once the page is idle. */
export type ListBuilding = 'at-once' | 'when-reached' | 'when-reached-or-idle';

/**
 * A long <select> list built only when someone reaches it. Closed, a select shows its chosen
 * option alone, so a page of many lists (the 366 days, 50 stop cards of quarter hours) is not
 * thousands of options to build, style and lay out in the first panel's task. The focus
 * (keyboard, screen reader, a tap on its label) and a press (which comes before the list opens)
 * build the whole list before the event ends (flushSync: the browser opens the list or moves the
 * choice right after it), so arrow keys and the opened list see every option. It stays built.
 * 'when-reached-or-idle' also builds it once the page is idle, in a transition React renders in
 * slices (no long task), for a single list that a script may choose from without pressing it.
 */
export function useListOnDemand(building: ListBuilding = 'when-reached') {
  const [reached, setReached] = useState(building === 'at-once');
  useEffect(() => {
    if (reached || building !== 'when-reached-or-idle') return;
    const build = () => startTransition(() => setReached(true));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(build, { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(build, 500);
    return () => clearTimeout(handle);
  }, [reached, building]);
  const build = () => {
    if (!reached) flushSync(() => setReached(true));
  };
  const full = reached || building === 'at-once';
  return { full, listeners: { onFocus: build, onPointerDown: build, onKeyDown: build } };
}
