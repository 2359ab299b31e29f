import ical, { ICalEventBusyStatus, ICalEventTransparency } from 'ical-generator';
import type { Blackout } from '../../shared/contracts/marketplace';
import type { BookedEvent } from '../../shared/contracts/availability';
import { addDays } from '../../shared/marketplace/calendar-days';

/** How often calendar apps are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

/** What one feed shows: the blocks (with when each was made) and the booked events. */
export interface FeedContent {
  blocks: (Blackout & { createdAt: number })[];
  bookings: BookedEvent[];
  /** A link to each booked quote's page in the dashboard. */
  bookingLink(booking: BookedEvent): string;
  /** The time the feed is made (DTSTAMP of the bookings). */
  now: number;
}

/** A `YYYY-MM-DD` day as the Date ical-generator writes as that all-day date. */
function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/**
 * The business's iCalendar feed: each block and each booked event as an all-day event (DTEND
 * the day after the last, as RFC 5545 wants), with UIDs that stay the same from one fetch to
 * the next so calendar apps update events instead of duplicating them.
 */
export function renderCalendarFeed(content: FeedContent): string {
  const calendar = ical({
    name: 'Vowly Pro: blocked and booked days',
    description: 'The days you blocked on Vowly Pro and the events couples booked you for.',
    prodId: { company: 'Vowly', product: 'Vowly Pro', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const block of content.blocks) {
    calendar.createEvent({
      id: `blackout-${block.id}@vowly.pro`,
      start: dateOf(block.from),
      end: dateOf(addDays(block.to, 1)),
      allDay: true,
      stamp: new Date(block.createdAt),
      summary: block.note ? `Blocked: ${block.note}` : 'Blocked',
      description: 'You take no quote requests on these days.',
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.OOF,
    });
  }
  for (const booking of content.bookings) {
    calendar.createEvent({
      id: `booking-${booking.quoteId}@vowly.pro`,
      start: dateOf(booking.date),
      end: dateOf(addDays(booking.date, 1)),
      allDay: true,
      stamp: new Date(content.now),
      summary: `Booked: ${booking.customerName}, ${booking.categoryLabel}`,
      url: content.bookingLink(booking),
      transparency: ICalEventTransparency.OPAQUE,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  return calendar.toString();
}
