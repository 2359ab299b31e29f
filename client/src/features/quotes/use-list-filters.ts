import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromSearch, searchWithFilters, type ListFilters } from './list-filters';
import type { ListSort } from './quote-lists';

/**
 * A list's filters, read from and written to the page's search params. Writing replaces the
 * history entry: going back leaves the list rather than stepping through each filter.
 */
export function useListFilters(defaultSort: ListSort, categories: readonly string[]): [ListFilters, (next: ListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params, { defaultSort, categories }), [params, defaultSort, categories]);
  const setFilters = useCallback(
    (next: ListFilters) => setParams((current) => searchWithFilters(current, next, defaultSort), { replace: true }),
    [setParams, defaultSort],
  );
  return [filters, setFilters];
}
