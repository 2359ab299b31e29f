import { isoDateSchema } from '../../../../shared/contracts/marketplace';
import type { QuoteListFilter } from './api/list-quotes';
import type { ListSort, QuoteListDefinition } from './quote-lists';

/** What the vendor narrowed a list to, kept in the page's URL so a reload or the back button keeps it. */
export interface ListFilters {
  sort: ListSort;
  category: string | null;
  /** Event dates from and to, `YYYY-MM-DD`, inclusive. */
  from: string | null;
  to: string | null;
  /** Part of the customer's name. */
  q: string;
}

/** The search params the filters use; any other param of the page is left alone. */
export const FILTER_PARAMS = ['sort', 'category', 'from', 'to', 'q'] as const;

/** The longest search the API takes. */
export const MAX_SEARCH = 80;

/** Rows per page. */
export const PAGE_SIZE = 20;

function dayOf(value: string | null): string | null {
  return value && isoDateSchema.safeParse(value).success ? value : null;
}

/**
 * The filters in `params`, each checked: an order the list does not know, a category the vendor
 * does not offer or a date that does not exist counts as not given (a hand-edited or old link
 * still opens the list); a range given backwards is read forwards.
 */
export function filtersFromSearch(params: URLSearchParams, options: { defaultSort: ListSort; categories: readonly string[] }): ListFilters {
  const sort = params.get('sort');
  const category = params.get('category');
  let from = dayOf(params.get('from'));
  let to = dayOf(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    sort: sort === 'received' || sort === 'event-date' ? sort : options.defaultSort,
    category: category && options.categories.includes(category) ? category : null,
    from,
    to,
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
  };
}

/** `params` with the filters written in: only what differs from the list's defaults, other params kept. */
export function searchWithFilters(params: URLSearchParams, filters: ListFilters, defaultSort: ListSort): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (filters.sort !== defaultSort) next.set('sort', filters.sort);
  if (filters.category) next.set('category', filters.category);
  if (filters.from) next.set('from', filters.from);
  if (filters.to) next.set('to', filters.to);
  const q = filters.q.trim();
  if (q) next.set('q', q.slice(0, MAX_SEARCH));
  return next;
}

/** Whether the list is narrowed (the order does not narrow it). */
export function isFiltered(filters: ListFilters): boolean {
  return Boolean(filters.category || filters.from || filters.to || filters.q.trim());
}

/** The filters with nothing narrowing the list; the order stays as chosen. */
export function withoutFilters(filters: ListFilters): ListFilters {
  return { sort: filters.sort, category: null, from: null, to: null, q: '' };
}

/** The API query of a list under these filters (the cursor is added page by page). */
export function listQueryOf(list: Pick<QuoteListDefinition, 'status'>, filters: ListFilters, limit = PAGE_SIZE): QuoteListFilter {
  const q = filters.q.trim();
  return {
    status: list.status,
    limit,
    sort: filters.sort,
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(q ? { q } : {}),
  };
}
