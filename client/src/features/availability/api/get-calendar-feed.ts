import { useQuery } from '@tanstack/react-query';
import { calendarFeedSchema, type CalendarFeed } from '../../../../../shared/contracts/availability';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { availabilityKeys } from './availability-keys';

/** GET /api/calendar: the secret link of the business's iCal feed. */
export function getCalendarFeed(options?: ReadOptions): Promise<CalendarFeed> {
  return getData(calendarFeedSchema, '/api/calendar', options);
}

/** The feed link. */
export function useCalendarFeed() {
  return useQuery({ queryKey: availabilityKeys.feed, queryFn: ({ signal }) => getCalendarFeed({ signal }) });
}
