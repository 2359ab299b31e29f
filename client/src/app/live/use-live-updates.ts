import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '../../../../shared/contracts/live-events';
import { availabilityKeys } from '../../features/availability/api/availability-keys';
import { billingKeys } from '../../features/billing/api/billing-keys';
import { upcomingBookingsKey } from '../../features/billing/api/get-upcoming-bookings';
import { analyticsKeys } from '../../features/dashboard/api/analytics-keys';
import { quoteKeys } from '../../features/quotes/api/quote-keys';
import { reviewKeys } from '../../features/reviews/api/review-keys';
import { refreshSession } from '../../lib/api/refresh-session';
import { creditKeys } from '../../lib/credits/api/credit-keys';
import { startLiveUpdates } from '../../lib/live/live-updates';
import { messageKeys } from '../../lib/messages/message-keys';
import { readTokens } from '../../lib/session/session';
import { sessionKeys } from '../../lib/session/use-vendor-refresh';
import { useSession } from '../../lib/session/use-session';

/** What each live event makes stale: the screens, lists and badges that show it read again (only those in use refetch). */
export function invalidateFor(client: QueryClient, event: LiveEvent): void {
  const stale = (queryKey: readonly unknown[]) => void client.invalidateQueries({ queryKey });
  switch (event.name) {
    case 'quote.created':
      stale(quoteKeys.lists());
      stale(quoteKeys.summary());
      stale(analyticsKeys.all);
      stale([...messageKeys.all, 'threads']);
      break;
    case 'quote.updated':
      stale(quoteKeys.detail(event.data.quoteId));
      stale(quoteKeys.lists());
      stale(quoteKeys.summary());
      // A couple accepting a quote books the day, and a booked one completes or closes: the upcoming bookings and the calendar's months show it.
      stale(upcomingBookingsKey);
      stale(availabilityKeys.months);
      stale(analyticsKeys.all);
      stale([...messageKeys.all, 'threads']);
      break;
    case 'message.created':
    case 'messages.read':
      // A new message, or a read: the couple's "Read" receipts, or the team reading in another tab (the badge goes down).
      stale(messageKeys.thread(event.data.quoteId));
      stale([...messageKeys.all, 'threads']);
      stale(messageKeys.unread());
      // A business's message may be its first answer to the lead: the response time moves.
      if (event.name === 'message.created') stale(analyticsKeys.all);
      break;
    case 'review.created':
      stale(reviewKeys.all);
      break;
    case 'credits.changed':
      stale(creditKeys.all);
      stale(billingKeys.all);
      stale(analyticsKeys.all);
      break;
    case 'billing.status-changed':
      // The vendor record carries the payment status the guard reads: a failed renewal locks the pages at once.
      stale(billingKeys.all);
      stale(sessionKeys.me);
      break;
  }
}

/**
 * While signed in, keeps every open screen current from the business's live events: one stream
 * per browser (lib/live), each event making stale what it changed, a reset making everything stale.
 */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const { hasToken } = useSession();
  useEffect(() => {
    if (!hasToken) return undefined;
    return startLiveUpdates({
      token: () => readTokens().accessToken,
      refresh: refreshSession,
      onEvent: (event) => invalidateFor(client, event),
      onReset: () => void client.invalidateQueries(),
    });
  }, [client, hasToken]);
}
