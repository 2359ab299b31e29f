import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  isFiltered,
  listQueryOf,
  MAX_SEARCH,
  PAGE_SIZE,
  searchWithFilters,
  withoutFilters,
  type ListFilters,
} from '../../../client/src/features/quotes/list-filters';
import { quoteListSearch } from '../../../client/src/features/quotes/api/list-quotes';
import { quoteListQuerySchema } from '../../../shared/contracts/marketplace';

const options = { defaultSort: 'received' as const, categories: ['florist', 'bakery'] };
const read = (search: string) => filtersFromSearch(new URLSearchParams(search), options);

describe('filtersFromSearch', () => {
  it('when the URL has no filters, then the list is unfiltered in its default order', () => {
    expect(read('')).toEqual({ sort: 'received', category: null, from: null, to: null, q: '' });
    expect(filtersFromSearch(new URLSearchParams(''), { ...options, defaultSort: 'event-date' }).sort).toBe('event-date');
  });

  it('when the URL carries every filter, then each is read back', () => {
    expect(read('sort=event-date&category=bakery&from=2027-05-01&to=2027-06-30&q=%20Casey%20')).toEqual({
      sort: 'event-date',
      category: 'bakery',
      from: '2027-05-01',
      to: '2027-06-30',
      q: 'Casey',
    });
  });

  it('when a value is unknown or malformed (an old or hand-edited link), then it counts as not given', () => {
    expect(read('sort=price&category=venue&from=2027-02-30&to=soon')).toEqual({ sort: 'received', category: null, from: null, to: null, q: '' });
  });

  it('when the dates are given backwards, then the range is read forwards', () => {
    expect(read('from=2027-09-01&to=2027-03-01')).toMatchObject({ from: '2027-03-01', to: '2027-09-01' });
  });

  it('when the search is longer than the API takes, then it is cut to the limit', () => {
    expect(read(`q=${'a'.repeat(200)}`).q).toHaveLength(MAX_SEARCH);
  });
});

describe('searchWithFilters', () => {
  it('when filters are written, then only what differs from the defaults lands in the URL and other params stay', () => {
    const filters: ListFilters = { sort: 'received', category: 'florist', from: '2027-05-01', to: null, q: ' Lin ' };
    expect(searchWithFilters(new URLSearchParams('tab=2&to=2027-01-01'), filters, 'received').toString()).toBe('tab=2&category=florist&from=2027-05-01&q=Lin');
  });

  it('when the order is not the default, then it is written; when it is, then it is removed', () => {
    const base = withoutFilters(read(''));
    expect(searchWithFilters(new URLSearchParams(), { ...base, sort: 'event-date' }, 'received').toString()).toBe('sort=event-date');
    expect(searchWithFilters(new URLSearchParams('sort=event-date'), { ...base, sort: 'received' }, 'received').toString()).toBe('');
  });

  it('when filters go to the URL and come back, then they are the same', () => {
    const filters: ListFilters = { sort: 'event-date', category: 'bakery', from: '2027-01-02', to: '2027-12-31', q: 'Ana María' };
    expect(filtersFromSearch(searchWithFilters(new URLSearchParams(), filters, 'received'), options)).toEqual(filters);
  });
});

describe('isFiltered and withoutFilters', () => {
  it('when only the order is chosen, then the list is not filtered; any other filter narrows it', () => {
    expect(isFiltered(read('sort=event-date'))).toBe(false);
    expect(isFiltered(read('q=ana'))).toBe(true);
    expect(isFiltered(read('to=2027-01-01'))).toBe(true);
    expect(isFiltered(read('category=bakery'))).toBe(true);
  });

  it('when the filters are cleared, then the order stays', () => {
    expect(withoutFilters(read('sort=event-date&category=bakery&q=ana&from=2027-01-01'))).toEqual({
      sort: 'event-date',
      category: null,
      from: null,
      to: null,
      q: '',
    });
  });
});

describe('listQueryOf', () => {
  it('when a list is filtered, then the API query carries its status, the page size and only the filters set, and the API accepts it', () => {
    const query = listQueryOf({ status: 'potential' }, read('sort=event-date&from=2027-05-01&q=Lin'));
    expect(query).toEqual({ status: 'potential', limit: PAGE_SIZE, sort: 'event-date', from: '2027-05-01', q: 'Lin' });
    const sent = Object.fromEntries(new URLSearchParams(quoteListSearch(query)));
    expect(quoteListQuerySchema.parse(sent)).toEqual(query);
  });

  it('when a cursor is added, then it travels in the query string', () => {
    expect(quoteListSearch({ ...listQueryOf({ status: 'closed' }, read('')), cursor: 'abc.def' })).toBe(
      `status=closed&limit=${PAGE_SIZE}&sort=received&cursor=abc.def`,
    );
  });
});
