import { useEffect, useState } from 'react';

/** The latest answer a search gave, and the query it answers. */
export interface SearchAnswer<T> {
  query: string;
  results: T[];
}

/**
 * One way to search while typing: wait `delayMs` after the last keystroke, search, and keep
 * only the answer of the query still typed (a slower, older answer never replaces it). An
 * empty query never searches. `search` answers null for a request it superseded itself.
 */
export function useDebouncedSearch<T>(
  query: string,
  search: ((query: string) => Promise<T[] | null>) | null,
  delayMs: number,
): SearchAnswer<T> {
  const [answer, setAnswer] = useState<SearchAnswer<T>>({ query: '', results: [] });
  useEffect(() => {
    if (!search || query === '') return;
    let current = true;
    const timer = setTimeout(async () => {
      const found = await search(query);
      if (current && found !== null) setAnswer({ query, results: found });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, search, delayMs]);
  return query === '' ? { query: '', results: [] } : answer;
}
