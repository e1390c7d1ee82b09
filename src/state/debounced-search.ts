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
 * null for a request it gave up itself.
 */
export function useDebouncedSearch<T>(
  query: string | null,
  search: ((query: string, signal: AbortSignal) => Promise<T[] | null>) | null,
  delayMs: number,
): DebouncedSearch<T> {
  const [answer, setAnswer] = useState<{ query: string | null; results: T[] }>({ query: null, results: [] });
  useEffect(() => {
    if (!search || query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const found = await search(query, controller.signal);
        if (!controller.signal.aborted && found !== null) setAnswer({ query, results: found });
      } catch {
        // A search reports its own failure; here it is an answer with nothing in it, so no Enter waits for ever.
        if (!controller.signal.aborted) setAnswer({ query, results: [] });
      }
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search, delayMs]);
  if (query === null || !search) return { results: [], searching: false };
  return { results: answer.results, searching: answer.query !== query };
}
