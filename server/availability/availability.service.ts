import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import type { Availability, AvailabilityQuery, BookedEvent } from '../../shared/contracts/availability';
import type { Blackout } from '../../shared/contracts/marketplace';
import { daysBetween, todayOf } from '../../shared/marketplace/calendar-days';
import type { ConfigSnapshot } from '../config';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import * as repo from './availability.repository';
import type { BlackoutRow } from './availability.table';
import type { CalendarReader } from './calendar-reader';

/** The most blocks a business keeps, and the longest one (days). */
export const BLACKOUT_LIMITS = { blocks: 500, days: 366 } as const;

/**
 * The quotes module's booked events of a business (app.ts hands over `bookedEvents` of
 * server/quotes: quotes reaches this module through matching, so it cannot be imported here).
 */
export type BookingsSource = (
  db: Kysely<DB>,
  vendorId: string,
  range: { from: string; to?: string },
  limit: number,
) => Promise<Omit<BookedEvent, 'categoryLabel'>[]>;

/** What the availability use cases need besides the core: category labels, the booked events, and (tests) a calendar reader of their own. */
export interface AvailabilityDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  bookings: BookingsSource;
  calendars?: CalendarReader;
}

/** The most booked events one answer lists (a year of a busy business's weddings, many times over). */
export const MAX_BOOKINGS = 2000;

export function toBlackout(row: BlackoutRow): Blackout {
  return { id: row.id, from: row.from_date, to: row.to_date, note: row.note ?? '', source: row.source };
}

/** The booked events with their category's label (its id when the category file is gone). */
export async function bookingsOf(
  deps: Pick<AvailabilityDeps, 'database' | 'schemas' | 'bookings'>,
  vendorId: string,
  range: { from: string; to?: string },
): Promise<BookedEvent[]> {
  const labels = new Map(deps.schemas().config.categoryFiles.map((category) => [category.id, category.label]));
  const rows = await deps.bookings(deps.database.db, vendorId, range, MAX_BOOKINGS);
  return rows.map((row) => ({ ...row, categoryLabel: labels.get(row.category) ?? row.category }));
}

/** `GET /api/blackout-dates`: the blocks that have not ended yet, earliest first. */
export async function listBlackoutDates(deps: Pick<CoreDeps, 'database' | 'clock'>, auth: AuthContext): Promise<Blackout[]> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Availability');
  return (await repo.listBlackouts(deps.database.db, auth.vendorId, todayOf(deps.clock.now()))).map(toBlackout);
}

/** `GET /api/availability`: the blocks touching the days asked for and the events booked on them, for the month calendar. */
export async function availabilityBetween(
  deps: Pick<AvailabilityDeps, 'database' | 'schemas' | 'bookings'>,
  auth: AuthContext,
  query: AvailabilityQuery,
): Promise<Availability> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Availability');
  const [blocks, bookings] = await Promise.all([
    repo.blackoutsTouching(deps.database.db, auth.vendorId, query.from, query.to),
    bookingsOf(deps, auth.vendorId, query),
  ]);
  return { blocks: blocks.map(toBlackout), bookings };
}

/** Blocks days (inclusive). A block that has already ended, or longer than a year, is refused on its field. */
export async function addBlackoutDates(
  deps: Pick<CoreDeps, 'database' | 'clock'>,
  auth: AuthContext,
  input: { from: string; to: string; note?: string | undefined },
): Promise<Blackout> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Availability');
  const today = todayOf(deps.clock.now());
  if (input.to < today) throw new AppError(400, 'validation-failed', 'These days have passed.', [{ path: 'to', message: 'This day has passed' }]);
  if (daysBetween(input.from, input.to) + 1 > BLACKOUT_LIMITS.days) {
    throw new AppError(400, 'validation-failed', 'Block at most a year at a time.', [
      { path: 'to', message: `At most ${BLACKOUT_LIMITS.days} days from the first` },
    ]);
  }
  const row = {
    id: randomUUID(),
    vendor_id: auth.vendorId,
    from_date: input.from,
    to_date: input.to,
    note: input.note?.trim() || null,
    source: 'manual' as const,
    created_at: deps.clock.now(),
  };
  await deps.database.writeTransaction(async (trx) => {
    if ((await repo.countBlackouts(trx, auth.vendorId)) >= BLACKOUT_LIMITS.blocks) {
      throw new AppError(409, 'conflict', `You can keep at most ${BLACKOUT_LIMITS.blocks} blocked periods. Remove some that are no longer needed.`);
    }
    await repo.insertBlackouts(trx, [row]);
  });
  return toBlackout(row);
}

export async function removeBlackoutDates(deps: Pick<CoreDeps, 'database'>, auth: AuthContext, id: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Availability');
  if (!(await repo.deleteBlackout(deps.database.db, auth.vendorId, id))) throw new AppError(404, 'not-found', 'No blocked dates with that id.');
}

/** Of these businesses, the ones blocked on `date` (matching skips them). */
export function blockedVendorIds(db: Kysely<DB>, vendorIds: readonly string[], date: string): Promise<Set<string>> {
  return repo.blockedOn(db, vendorIds, date);
}
