import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromSearch, searchWithFilters, type ListFilters } from './list-filters';
import type { ListSort } from './quote-lists';

/**
 * A list's filters, kept in the page's search params so a reload or the back button keeps them.
 * The page works from its own copy, written to the URL on every change (replacing the history
 * entry: going back leaves the list rather than stepping through each filter): the URL follows a
 * navigation, which waits for the route's guard, and two quick changes must not undo each
 * other. A change of the URL from outside (back, forward, a link) replaces the copy.
 */
export function useListFilters(defaultSort: ListSort, categories: readonly string[]): [ListFilters, (change: Partial<ListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const [filters, setFilters] = useState(() => filtersFromSearch(params, { defaultSort, categories }));
  // The URL as last seen, and as last written here: a new URL that is not the one written came from outside.
  const [seen, setSeen] = useState(search);
  const [written, setWritten] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== written) {
      setWritten(search);
      setFilters(filtersFromSearch(params, { defaultSort, categories }));
    }
  }
  const change = useCallback(
    (patch: Partial<ListFilters>) => {
      const next = { ...filters, ...patch };
      const nextParams = searchWithFilters(params, next, defaultSort);
      setFilters(next);
      setWritten(nextParams.toString());
      setParams(nextParams, { replace: true });
    },
    [filters, params, defaultSort, setParams],
  );
  return [filters, change];
}
