import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromSearch, searchWithFilters, type ListFilters } from './list-filters';
import type { ListSort } from './quote-lists';

interface State {
  filters: ListFilters;
  /** The URL's search as last rendered. */
  seen: string;
  /** The searches written here that the URL has not reached yet, oldest first. */
  pending: readonly string[];
}

type Action =
  | { type: 'change'; patch: Partial<ListFilters>; defaultSort: ListSort }
  /** The URL now has `search`; `filters` are what it says, for when it came from outside. */
  | { type: 'url'; search: string; filters: ListFilters };

/** The search the URL is heading for: the last one written here, or the one it has. */
const latestSearch = (state: State) => state.pending.at(-1) ?? state.seen;

function reduce(state: State, action: Action): State {
  if (action.type === 'change') {
    const filters = { ...state.filters, ...action.patch };
    const search = searchWithFilters(new URLSearchParams(latestSearch(state)), filters, action.defaultSort).toString();
    return { ...state, filters, pending: search === latestSearch(state) ? state.pending : [...state.pending, search] };
  }
  const reached = state.pending.indexOf(action.search);
  // One of ours: the ones written after it are still on their way.
  if (reached >= 0) return { ...state, seen: action.search, pending: state.pending.slice(reached + 1) };
  return { filters: action.filters, seen: action.search, pending: [] };
}

/**
 * A list's filters, kept in the page's search params so a reload or the back button keeps them.
 * The page works from its own copy, written to the URL on every change (replacing the history
 * entry: going back leaves the list rather than stepping through each filter). The URL follows a
 * navigation, which waits for the route's guard, so it lags behind the copy: each change builds on
 * the copy as the last change left it (not on the last render's, which a quick second change may
 * not have seen yet), and a URL this page wrote, even one overtaken by a later change, is not taken
 * for a change from outside. A change of the URL from outside (back, forward, a link) replaces the
 * copy.
 */
export function useListFilters(defaultSort: ListSort, categories: readonly string[]): [ListFilters, (change: Partial<ListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const [state, dispatch] = useReducer(reduce, undefined, () => ({
    filters: filtersFromSearch(params, { defaultSort, categories }),
    seen: search,
    pending: [],
  }));
  if (search !== state.seen) dispatch({ type: 'url', search, filters: filtersFromSearch(params, { defaultSort, categories }) });

  // Write each new search once; the URL then follows, and a later one replaces it on its way.
  const target = state.pending.at(-1);
  const written = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (target === written.current) return;
    written.current = target;
    if (target === undefined) return;
    setParams(new URLSearchParams(target), { replace: true });
  }, [target, setParams]);

  const change = useCallback((patch: Partial<ListFilters>) => dispatch({ type: 'change', patch, defaultSort }), [defaultSort]);
  return [state.filters, change];
}
