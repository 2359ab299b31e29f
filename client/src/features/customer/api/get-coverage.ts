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
 * How many vendors would get the request, once both the category and a place written as one are
 * there, looked up when the place has stopped changing; disabled for a request to one vendor.
 */
export function useCoverage(category: string | null, place: string | undefined, options: { enabled: boolean }) {
  const typed = place?.trim() ?? '';
  const settled = useDebounced(typed, COVERAGE_DEBOUNCE_MS);
  const ready = options.enabled && category !== null && settled === typed && PLACE_PATTERN.test(settled);
  const query = useQuery({
    queryKey: ['coverage', category, settled.toLowerCase()],
    queryFn: ({ signal }) => getCoverage(category ?? '', settled, { signal }),
    enabled: ready,
    staleTime: 60_000,
  });
  // Nothing is said about a place still being typed, nor about one the server refused (a 400 is the send's to explain).
  return ready && query.isSuccess ? query.data : null;
}
