import { z } from 'zod';
import { daysBetween } from '../marketplace/calendar-days';
import { blackoutSchema, isoDateSchema } from './marketplace';

/** The longest stretch `GET /api/availability` answers for (a year and a day). */
export const AVAILABILITY_MAX_DAYS = 366;

/** The largest calendar file `POST /api/blackout-dates/import` reads (1 MB). */
export const CALENDAR_IMPORT_MAX_BYTES = 1024 * 1024;

/** The query of `GET /api/availability`: the days the vendor's calendar shows, inclusive. */
export const availabilityQuerySchema = z
  .strictObject({ from: isoDateSchema, to: isoDateSchema })
  .refine((query) => query.to >= query.from, { path: ['to'], message: 'The last day cannot be before the first' })
  .refine((query) => daysBetween(query.from, query.to) < AVAILABILITY_MAX_DAYS, { path: ['to'], message: `Ask for at most ${AVAILABILITY_MAX_DAYS} days` });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** A booked event on the vendor's calendar: a quote the couple accepted (completed once the day has passed). */
export const bookedEventSchema = z.object({
  quoteId: z.string(),
  date: z.string(),
  customerName: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  status: z.enum(['accepted', 'completed']),
});
export type BookedEvent = z.infer<typeof bookedEventSchema>;

/** `GET /api/availability`: the blocks that touch the days asked for, and the events booked on them. */
export const availabilitySchema = z.object({ blocks: z.array(blackoutSchema), bookings: z.array(bookedEventSchema) });
export type Availability = z.infer<typeof availabilitySchema>;

/** `GET /api/calendar` and `POST /api/calendar/reset`: the secret link of the vendor's iCal feed. */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** Whether `value` names a time zone this runtime knows (`Europe/Paris`, `UTC`). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The form fields beside the file of `POST /api/blackout-dates/import`: the vendor's time zone,
 * which places on their days the events a file gives in UTC (default UTC).
 */
export const calendarImportFieldsSchema = z.strictObject({
  timeZone: z.string().max(64).refine(isTimeZone, 'Not a time zone, like America/Chicago').optional(),
});

/** `POST /api/blackout-dates/import`: days newly blocked, and busy days that were blocked already. */
export const calendarImportResultSchema = z.object({ added: z.number().int(), skipped: z.number().int() });
export type CalendarImportResult = z.infer<typeof calendarImportResultSchema>;
