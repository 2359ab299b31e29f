import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateFor } from '../../../client/src/app/live/use-live-updates';
import { availabilityKeys } from '../../../client/src/features/availability/api/availability-keys';
import { upcomingBookingsKey } from '../../../client/src/features/billing/api/get-upcoming-bookings';

/** A client holding the upcoming bookings and a month of the calendar, fresh until an event makes them stale. */
function clientWithBookings(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(upcomingBookingsKey, { data: [], more: 0 });
  client.setQueryData(availabilityKeys.month('2027-06-01', '2027-06-30'), { blocks: [], bookings: [] });
  return client;
}

const staleness = (client: QueryClient) => [
  client.getQueryState(upcomingBookingsKey)?.isInvalidated,
  client.getQueryState(availabilityKeys.month('2027-06-01', '2027-06-30'))?.isInvalidated,
];

describe('live events and the bookings a vendor sees', () => {
  it.each(['accepted', 'completed', 'closed'])('when a quote becomes %s, then the upcoming bookings and the calendar are read again', (status) => {
    const client = clientWithBookings();
    invalidateFor(client, { id: 'e1', name: 'quote.updated', data: { quoteId: 'q1', status } });
    expect(staleness(client)).toEqual([true, true]);
  });

  it('when a message or a review arrives, then they stay as they are', () => {
    const client = clientWithBookings();
    invalidateFor(client, { id: 'e1', name: 'message.created', data: { quoteId: 'q1', messageId: 'm1', from: 'customer' } });
    invalidateFor(client, { id: 'e2', name: 'review.created', data: { reviewId: 'r1', quoteId: 'q1' } });
    expect(staleness(client)).toEqual([false, false]);
  });
});
