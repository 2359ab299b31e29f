import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { availabilitySchema, type Availability } from '../../../../../shared/contracts/availability';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { availabilityKeys } from './availability-keys';

/** GET /api/availability?from&to: the blocks touching those days and the events booked on them. */
export function getAvailability(from: string, to: string, options?: ReadOptions): Promise<Availability> {
  return getData(availabilitySchema, `/api/availability?${new URLSearchParams({ from, to }).toString()}`, options);
}

/** The month calendar's days; the previous month stays shown while the next one loads. */
export function useAvailability(from: string, to: string) {
  return useQuery({
    queryKey: availabilityKeys.month(from, to),
    queryFn: ({ signal }) => getAvailability(from, to, { signal }),
    placeholderData: keepPreviousData,
  });
}
