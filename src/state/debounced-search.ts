import { useEffect, useState } from 'react';

/** What a search while typing shows: the latest answer, and whether the text's own answer is still on its way. */
export interface DebouncedSearch<T> {
  /** The latest answer, possibly for an earlier text while a new one is on its way. */
  results: T[];
  /** True from a keystroke until the answer for the text as it is now has come. */
  searching: boolean;
}

/**
 * One way to search while typing (items, customers, contacts, addresses and places): wait
 * `delayMs` after the last keystroke, search, and keep only the answer of the query still
 * typed; the request of a query given up is aborted, so a slower, older answer never
 * replaces a newer one. A null query never searches and shows nothing. `search` answers
 * null for a request it gave up itself. `scope` names what is searched for (a stop, when one
 * field serves whichever stop sits at its place in the list): an answer given for another
 * scope is never shown, not even while the new one comes.
 */
export function useDebouncedSearch<T>(
  query: string | null,
  search: ((query: string, signal: AbortSignal) => Promise<T[] | null>) | null,
  delayMs: number,
  scope = '',
): DebouncedSearch<T> {
  const [answer, setAnswer] = useState<{ scope: string; query: string | null; results: T[] }>({ scope, query: null, results: [] });
  useEffect(() => {
    if (!search || query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const found = await search(query, controller.signal);
        if (!controller.signal.aborted && found !== null) setAnswer({ scope, query, results: found });
      } catch {
        // A search reports its own failure; here it is an answer with nothing in it, so no Enter waits for ever.
        if (!controller.signal.aborted) setAnswer({ scope, query, results: [] });
      }
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search, delayMs, scope]);
  if (query === null || !search) return { results: [], searching: false };
  const ours = answer.scope === scope;
  return { results: ours ? answer.results : [], searching: !ours || answer.query !== query };
}
