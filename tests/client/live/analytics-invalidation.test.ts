import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/contracts/live-events';
import { invalidateFor } from '../../../client/src/app/live/use-live-updates';
import { analyticsKeys } from '../../../client/src/features/dashboard/api/analytics-keys';

/** A client holding the analytics of two periods, fresh until an event makes them stale. */
function clientWithAnalytics(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(analyticsKeys.period(30), { leads: 1 });
  client.setQueryData(analyticsKeys.period(365), { leads: 9 });
  return client;
}

const stale = (client: QueryClient, days: number) => client.getQueryState(analyticsKeys.period(days))?.isInvalidated;

describe('live events and the dashboard analytics', () => {
  it.each<LiveEvent>([
    { id: 'e1', name: 'quote.created', data: { quoteId: 'q1' } },
    { id: 'e1', name: 'quote.updated', data: { quoteId: 'q1', status: 'accepted' } },
    { id: 'e1', name: 'credits.changed', data: { balance: 4 } },
    { id: 'e1', name: 'message.created', data: { quoteId: 'q1', messageId: 'm1', from: 'vendor' } },
  ])('when $name arrives, then every period of the analytics is stale', (event) => {
    const client = clientWithAnalytics();
    invalidateFor(client, event);
    expect([stale(client, 30), stale(client, 365)]).toEqual([true, true]);
  });

  it('when a review arrives, then the analytics stay fresh', () => {
    const client = clientWithAnalytics();
    invalidateFor(client, { id: 'e1', name: 'review.created', data: { reviewId: 'r1', quoteId: 'q1' } });
    expect([stale(client, 30), stale(client, 365)]).toEqual([false, false]);
  });
});
