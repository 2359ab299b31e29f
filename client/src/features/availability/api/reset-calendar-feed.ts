import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema, type CalendarFeed } from '../../../../../shared/contracts/availability';
import { sendData } from '../../../lib/api/send-data';
import { availabilityKeys } from './availability-keys';

/** POST /api/calendar/reset: a new feed link; the old one stops working. */
export function resetCalendarFeed(): Promise<CalendarFeed> {
  return sendData('post', calendarFeedSchema, '/api/calendar/reset');
}

/** Resetting the feed link; the page shows the new one at once. */
export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resetCalendarFeed, onSuccess: (feed) => client.setQueryData(availabilityKeys.feed, feed) });
}
