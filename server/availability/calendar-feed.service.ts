import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { CalendarFeed } from '../../shared/contracts/availability';
import { addDays, todayOf } from '../../shared/marketplace/calendar-days';
import { categoryRoutes } from '../../shared/routes/category-routes';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import * as repo from './availability.repository';
import { bookingsOf, toBlackout, type AvailabilityDeps } from './availability.service';
import { renderCalendarFeed } from './calendar-feed';

/** What the feed's signed links are for. */
const FEED_PURPOSE = 'calendar';

/** How far back the feed keeps showing blocks and bookings, so a calendar app does not drop them the day after. */
export const FEED_PAST_DAYS = 365;

type FeedDeps = Pick<AvailabilityDeps, 'database' | 'clock' | 'links' | 'publicUrl' | 'schemas' | 'bookings'>;

function newSecret(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The feed's link: `<vendor id>_<feed secret>` signed with the server's key. The signature keeps
 * out made-up links without a database read; the stored secret makes the link revocable.
 */
function feedUrl(deps: Pick<FeedDeps, 'links' | 'publicUrl'>, vendorId: string, secret: string): string {
  return `${deps.publicUrl}/api/calendar/${deps.links.sign(FEED_PURPOSE, `${vendorId}_${secret}`)}.ics`;
}

/** `GET /api/calendar`: the business's feed link (made the first time it is asked for). */
export async function calendarFeedLink(deps: FeedDeps, auth: AuthContext): Promise<CalendarFeed> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Availability');
  const secret = await repo.feedSecret(deps.database.db, auth.vendorId, newSecret(), deps.clock.now());
  return { url: feedUrl(deps, auth.vendorId, secret) };
}

/** `POST /api/calendar/reset`: a new feed link; calendars subscribed to the old one stop updating. */
export async function resetCalendarFeedLink(deps: FeedDeps, auth: AuthContext): Promise<CalendarFeed> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Availability');
  const secret = newSecret();
  await repo.replaceFeedSecret(deps.database.db, auth.vendorId, secret, deps.clock.now());
  return { url: feedUrl(deps, auth.vendorId, secret) };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function noCalendar(): AppError {
  return new AppError(404, 'not-found', 'No calendar at this link. It may have been reset: copy the new link from your blackout dates page.');
}

/**
 * `GET /api/calendar/<token>.ics` (no login: the link is the key): the business's blocks and
 * booked events of the last year and to come, as iCalendar, and a tag of what it shows (the
 * same data gives the same tag, for 304 answers). A link changed, made up or reset is a 404.
 */
export async function calendarFeed(deps: FeedDeps, token: string): Promise<{ body: string; tag: string }> {
  const id = deps.links.verify(FEED_PURPOSE, token);
  const split = id?.indexOf('_') ?? -1;
  if (!id || split <= 0) throw noCalendar();
  const vendorId = id.slice(0, split);
  const stored = await repo.findFeedSecret(deps.database.db, vendorId);
  if (!stored || !sameSecret(stored, id.slice(split + 1))) throw noCalendar();

  const now = deps.clock.now();
  const since = addDays(todayOf(now), -FEED_PAST_DAYS);
  const [rows, bookings] = await Promise.all([repo.listBlackouts(deps.database.db, vendorId, since), bookingsOf(deps, vendorId, { from: since })]);
  const blocks = rows.map((row) => ({ ...toBlackout(row), createdAt: row.created_at }));
  const categories = deps.schemas().config.categoryFiles;
  const bookingLink = (booking: { quoteId: string; category: string }) => {
    const category = categories.find((c) => c.id === booking.category);
    const route = category && categoryRoutes(category).find((r) => r.page === 'quote-detail');
    return `${deps.publicUrl}${route ? route.path.replace(':id', booking.quoteId) : ''}`;
  };
  const body = renderCalendarFeed({ blocks, bookings, bookingLink, now });
  const tag = createHash('sha256')
    .update(JSON.stringify([blocks, bookings.map((b) => [b, bookingLink(b)])]))
    .digest('base64url')
    .slice(0, 27);
  return { body, tag };
}
