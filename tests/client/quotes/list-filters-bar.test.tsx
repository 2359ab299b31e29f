import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../shared/contracts/category';
import { ListFiltersBar, SEARCH_DELAY_MS } from '../../../client/src/features/quotes/components/list-filters-bar';
import type { ListFilters } from '../../../client/src/features/quotes/list-filters';
import { useListFilters } from '../../../client/src/features/quotes/use-list-filters';

const categories = [
  { id: 'bakery', label: 'Bakery' },
  { id: 'florist', label: 'Florist' },
] as Category[];

let location = '';
let changeFilters: (change: Partial<ListFilters>) => void = () => {};

function Harness({ offered }: { offered: readonly Category[] }) {
  const [filters, setFilters] = useListFilters('received', ['bakery', 'florist']);
  const where = useLocation();
  location = `${where.pathname}${where.search}`;
  changeFilters = setFilters;
  return <ListFiltersBar filters={filters} onChange={setFilters} categories={offered} />;
}

function renderBar(at: string, offered: readonly Category[] = categories) {
  // Like the app's routes, each navigation waits for a loader (the guard) before the URL changes.
  const router = createMemoryRouter(
    [{ path: '/potential-matches', element: <Harness offered={offered} />, loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 20)) }],
    {
      initialEntries: [at],
      hydrationData: { loaderData: { 0: null } },
    },
  );
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

  it('when a name is typed, then the URL follows only once typing pauses, without a new history entry', async () => {
    const router = renderBar('/potential-matches');
    const box = screen.getByLabelText('Customer name');
    fireEvent.change(box, { target: { value: 'Ca' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS / 2));
    fireEvent.change(box, { target: { value: 'Casey' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS / 2));
    expect(location).toBe('/potential-matches');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 50));
    expect(location).toBe('/potential-matches?q=Casey');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('when the order and the dates change, then they are written to the URL', async () => {
    renderBar('/potential-matches');
    fireEvent.click(screen.getByRole('radio', { name: 'Soonest event' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(location).toBe('/potential-matches?sort=event-date');
    fireEvent.change(screen.getByLabelText('Event from'), { target: { value: '2027-05-01' } });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(location).toBe('/potential-matches?sort=event-date&from=2027-05-01');
    fireEvent.change(screen.getByLabelText('Event from'), { target: { value: '' } });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(location).toBe('/potential-matches?sort=event-date');
  });

  it('when two filters change before the URL has followed the first, then both are kept, on screen and in the URL', async () => {
    renderBar('/potential-matches');
    fireEvent.change(screen.getByLabelText('Event from'), { target: { value: '2027-05-01' } });
    fireEvent.change(screen.getByLabelText('Event to'), { target: { value: '2027-06-30' } });
    expect(screen.getByLabelText('Event from')).toHaveProperty('value', '2027-05-01');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(location).toBe('/potential-matches?from=2027-05-01&to=2027-06-30');
    expect(screen.getByLabelText('Event from')).toHaveProperty('value', '2027-05-01');
  });

  it('when two filters change before the page has re-rendered, then the second builds on the first', async () => {
    renderBar('/potential-matches?sort=event-date');
    act(() => {
      changeFilters({ from: '2027-05-01' });
      changeFilters({ to: '2027-06-30' });
    });
    expect(screen.getByLabelText('Event from')).toHaveProperty('value', '2027-05-01');
    expect(screen.getByLabelText('Event to')).toHaveProperty('value', '2027-06-30');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(location).toBe('/potential-matches?sort=event-date&from=2027-05-01&to=2027-06-30');
    expect(screen.getByRole('radio', { name: 'Soonest event' })).toHaveProperty('checked', true);
  });

  it('when the URL changes from outside (the back button), then the controls follow it', async () => {
    const router = renderBar('/potential-matches?q=Casey');
    await act(() => router.navigate('/potential-matches?from=2027-05-01'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByLabelText('Event from')).toHaveProperty('value', '2027-05-01');
    expect(screen.getByLabelText('Customer name')).toHaveProperty('value', '');
    fireEvent.change(screen.getByLabelText('Event to'), { target: { value: '2027-06-30' } });
    await act(() => vi.advanceTimersByTimeAsync(50));
    await act(() => router.navigate(-1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(location).toBe('/potential-matches?q=Casey');
    expect(screen.getByLabelText('Event to')).toHaveProperty('value', '');
    await act(() => router.navigate(1));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(location).toBe('/potential-matches?from=2027-05-01&to=2027-06-30');
    expect(screen.getByLabelText('Event to')).toHaveProperty('value', '2027-06-30');
  });

  it('when the filters are cleared, then the URL keeps only the order and the search box empties', async () => {
    renderBar('/potential-matches?sort=event-date&category=florist&from=2027-05-01&q=Casey');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
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
