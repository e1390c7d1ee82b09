import { useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A long <select> list built only when someone reaches it. Closed, a select shows its chosen
 * option alone, so a page of many lists (the 366 days, 50 stop cards of quarter hours) is not
 * thousands of options to build, style and lay out. The focus (keyboard, screen reader, a tap
 * on its label) and a press (which comes before the list opens) build the whole list at once,
 * before the event ends (flushSync: the browser opens the list or moves the choice right after
 * it), so arrow keys and the opened list see every option. It stays built after. `always`
 * builds it at once, for a list in a later panel that scripts and tests choose from directly.
 */
export function useListOnDemand(always = false) {
  const [reached, setReached] = useState(always);
  const build = () => {
    if (!reached) flushSync(() => setReached(true));
  };
  const full = reached || always;
  return { full, listeners: { onFocus: build, onPointerDown: build, onKeyDown: build } };
}
