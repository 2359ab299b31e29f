import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { coverageSchema, type Coverage } from '../../../../../shared/contracts/public-vendors';
import { PLACE_PATTERN } from '../../../../../shared/places/place-pattern';
import { getData, type ReadOptions } from '../../../lib/api/get-data';

/** How long the place must stay as typed before it is looked up. */
export const COVERAGE_DEBOUNCE_MS = 400;

/** GET /api/public/coverage?category&place: how many vendors of the category serve the place, and the place as the gazetteer names it. */
export function getCoverage(category: string, place: string, options?: ReadOptions): Promise<Coverage> {
  return getData(coverageSchema, `/api/public/coverage?${new URLSearchParams({ category, place })}`, options);
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * What the form can say about who would get the request: nothing yet (no category, or no place
 * written as one), that it is being looked up (the place is still settling or on its way), or the
 * answer. Saying "checking" keeps the notice's line from appearing under the couple's thumb as
 * they press Send.
 */
export type CoverageState = { state: 'none' } | { state: 'checking'; place: string } | { state: 'known'; coverage: Coverage };

const NONE: CoverageState = { state: 'none' };

/**
 * How many vendors would get the request, once both the category and a place written as one are
 * there, looked up when the place has stopped changing; disabled for a request to one vendor.
 */
export function useCoverage(category: string | null, place: string | undefined, options: { enabled: boolean }): CoverageState {
  const typed = place?.trim() ?? '';
  const settled = useDebounced(typed, COVERAGE_DEBOUNCE_MS);
  const asked = options.enabled && category !== null && PLACE_PATTERN.test(typed);
  const ready = asked && settled === typed;
  const query = useQuery({
    queryKey: ['coverage', category, settled.toLowerCase()],
    queryFn: ({ signal }) => getCoverage(category ?? '', settled, { signal }),
    enabled: ready,
    staleTime: 60_000,
  });
  if (!asked) return NONE;
  if (ready && query.isSuccess) return { state: 'known', coverage: query.data };
  // Nothing is said about a place the server refused (a 400 is the send's to explain).
  if (ready && query.isError) return NONE;
  return { state: 'checking', place: typed };
}
