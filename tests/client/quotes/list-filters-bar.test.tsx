import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../shared/contracts/category';
import { ListFiltersBar, SEARCH_DELAY_MS } from '../../../client/src/features/quotes/components/list-filters-bar';
import { useListFilters } from '../../../client/src/features/quotes/use-list-filters';

const categories = [
  { id: 'bakery', label: 'Bakery' },
  { id: 'florist', label: 'Florist' },
] as Category[];

let location = '';

function Harness({ offered }: { offered: readonly Category[] }) {
  const [filters, setFilters] = useListFilters('received', ['bakery', 'florist']);
  const where = useLocation();
  location = `${where.pathname}${where.search}`;
  return <ListFiltersBar filters={filters} onChange={setFilters} categories={offered} />;
}

function renderBar(at: string, offered: readonly Category[] = categories) {
  const router = createMemoryRouter([{ path: '/potential-matches', element: <Harness offered={offered} /> }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('<ListFiltersBar> with the filters in the URL', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('when the page opens from a link with filters, then the controls show them', () => {
    renderBar('/potential-matches?sort=event-date&from=2027-05-01&to=2027-06-30&q=Casey');
    expect(screen.getByRole('radio', { name: 'Soonest event' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Event from')).toHaveProperty('value', '2027-05-01');
    expect(screen.getByLabelText('Event to')).toHaveProperty('value', '2027-06-30');
    expect(screen.getByLabelText('Customer name')).toHaveProperty('value', 'Casey');
  });

  it('when a name is typed, then the URL follows only once typing pauses, without a new history entry', () => {
    const router = renderBar('/potential-matches');
    const box = screen.getByLabelText('Customer name');
    fireEvent.change(box, { target: { value: 'Ca' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS / 2));
    fireEvent.change(box, { target: { value: 'Casey' } });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS / 2));
    expect(location).toBe('/potential-matches');
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(location).toBe('/potential-matches?q=Casey');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('when the order and the dates change, then they are written to the URL', () => {
    renderBar('/potential-matches');
    fireEvent.click(screen.getByRole('radio', { name: 'Soonest event' }));
    expect(location).toBe('/potential-matches?sort=event-date');
    fireEvent.change(screen.getByLabelText('Event from'), { target: { value: '2027-05-01' } });
    expect(location).toBe('/potential-matches?sort=event-date&from=2027-05-01');
    fireEvent.change(screen.getByLabelText('Event from'), { target: { value: '' } });
    expect(location).toBe('/potential-matches?sort=event-date');
  });

  it('when the filters are cleared, then the URL keeps only the order and the search box empties', () => {
    renderBar('/potential-matches?sort=event-date&category=florist&from=2027-05-01&q=Casey');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location).toBe('/potential-matches?sort=event-date');
    expect(screen.getByLabelText('Customer name')).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('when the vendor offers one category, then there is no category filter; with several there is', () => {
    renderBar('/potential-matches', categories.slice(0, 1));
    expect(screen.queryByLabelText('Category')).toBeNull();
    cleanup();
    renderBar('/potential-matches');
    expect(screen.getByLabelText('Category')).toBeTruthy();
  });
});
