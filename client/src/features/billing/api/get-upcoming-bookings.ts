import { useQuery } from '@tanstack/react-query';
import { upcomingBookingsResponseSchema, type UpcomingBookings } from '../../../../../shared/contracts/marketplace';
import { getEnvelope, type ReadOptions } from '../../../lib/api/get-data';

/**
 * Under the quotes' key (`['quotes']`), so whatever makes the vendor's quotes stale (a submit, a
 * decline) makes these stale too.
 */
export const upcomingBookingsKey = ['quotes', 'upcoming-bookings'] as const;

/** GET /api/quotes/upcoming-bookings: the next booked couples with their contacts, and how many more. */
export function getUpcomingBookings(options?: ReadOptions): Promise<UpcomingBookings> {
  return getEnvelope(upcomingBookingsResponseSchema, '/api/quotes/upcoming-bookings', options);
}

/** The bookings a vendor locked by a failed payment still needs (read again when they come back to the tab). */
export function useUpcomingBookings() {
  return useQuery({
    queryKey: upcomingBookingsKey,
    queryFn: ({ signal }) => getUpcomingBookings({ signal }),
    refetchOnWindowFocus: true,
  });
}
