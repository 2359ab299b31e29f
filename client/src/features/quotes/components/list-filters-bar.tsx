import { Button, Input, Radio, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { Category } from '../../../../../shared/contracts/category';
import { isFiltered, MAX_SEARCH, withoutFilters, type ListFilters } from '../list-filters';

/** How long typing pauses before the list is searched. */
export const SEARCH_DELAY_MS = 350;

interface Props {
  filters: ListFilters;
  /** Changes some of the filters. */
  onChange: (change: Partial<ListFilters>) => void;
  /** The vendor's categories; the category filter shows when there are several. */
  categories: readonly Category[];
}

/** The order, the category, the event dates and the search by customer name of a list. */
export function ListFiltersBar({ filters, onChange, categories }: Props) {
  const id = useId();
  // The search box holds what is typed; the list follows once typing pauses. A change from outside
  // (clearing the filters, the back button) replaces what the box holds.
  const [draft, setDraft] = useState(filters.q);
  const [applied, setApplied] = useState(filters.q);
  if (filters.q !== applied) {
    setApplied(filters.q);
    setDraft(filters.q);
  }
  useEffect(() => {
    const q = draft.trim();
    if (q === filters.q) return undefined;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.q, onChange]);

  const setDay = (key: 'from' | 'to', value: string) => onChange({ [key]: value || null });

  return (
    <div className="quote-filters" role="search" aria-label="Filter the list">
      <div className="quote-filters__field">
        <span className="quote-filters__label" id={`${id}-sort`}>
          Sort by
        </span>
        <Radio.Group
          aria-labelledby={`${id}-sort`}
          optionType="button"
          value={filters.sort}
          onChange={(event) => onChange({ sort: event.target.value as ListFilters['sort'] })}
          options={[
            { value: 'received', label: 'Newest received' },
            { value: 'event-date', label: 'Soonest event' },
          ]}
        />
      </div>
      {categories.length > 1 && (
        <div className="quote-filters__field">
          <label className="quote-filters__label" htmlFor={`${id}-category`}>
            Category
          </label>
          <Select
            id={`${id}-category`}
            className="quote-filters__category"
            value={filters.category ?? ''}
            onChange={(value: string) => onChange({ category: value || null })}
            options={[{ value: '', label: 'All categories' }, ...categories.map((category) => ({ value: category.id, label: category.label }))]}
          />
        </div>
      )}
      <div className="quote-filters__field quote-filters__field--day">
        <label className="quote-filters__label" htmlFor={`${id}-from`}>
          Event from
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          className="quote-filters__date"
          value={filters.from ?? ''}
          max={filters.to ?? undefined}
          onChange={(event) => setDay('from', event.target.value)}
        />
      </div>
      <div className="quote-filters__field quote-filters__field--day">
        <label className="quote-filters__label" htmlFor={`${id}-to`}>
          Event to
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          className="quote-filters__date"
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          onChange={(event) => setDay('to', event.target.value)}
        />
      </div>
      <div className="quote-filters__field quote-filters__field--grow">
        <label className="quote-filters__label" htmlFor={`${id}-q`}>
          Customer name
        </label>
        <Input id={`${id}-q`} maxLength={MAX_SEARCH} placeholder="Search by name" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </div>
      {isFiltered(filters) && (
        <Button
          className="quote-filters__clear"
          onClick={() => {
            setDraft('');
            onChange(withoutFilters(filters));
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
