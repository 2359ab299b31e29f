import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { CalendarImportResult } from '../../shared/contracts/availability';
import { addDays, daysBetween, todayOf } from '../../shared/marketplace/calendar-days';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import * as repo from './availability.repository';
import { BLACKOUT_LIMITS } from './availability.service';
import type { BlackoutDatesTable } from './availability.table';
import { calendarBusyDays, NotACalendarError, TooManyRepeatsError } from './calendar-busy-days';

/** An import blocks days from today up to two years ahead (how far ahead customers may ask). */
export const IMPORT_DAYS_AHEAD = 730;

function notACalendar(): AppError {
  return new AppError(400, 'validation-failed', 'This file is not a calendar. Export an .ics file from your calendar app and upload that.', [
    { path: 'file', message: 'Choose an .ics calendar file' },
  ]);
}

/** The file's text: UTF-8 (RFC 5545's charset), without a byte-order mark; binary files are refused. */
function textOf(file: Buffer): string {
  if (file.includes(0)) throw notACalendar();
  return file.toString('utf8').replace(/^\uFEFF/, '');
}

/** Runs of consecutive days, each one block: at most BLACKOUT_LIMITS.days long, its note the first day's. */
function blocksOf(days: string[], notes: Map<string, string>): { from: string; to: string; note: string }[] {
  const blocks: { from: string; to: string; note: string }[] = [];
  for (const day of days) {
    const last = blocks.at(-1);
    if (last && addDays(last.to, 1) === day && daysBetween(last.from, day) < BLACKOUT_LIMITS.days) {
      last.to = day;
      const note = notes.get(day);
      if (note && !last.note.split(', ').includes(note) && last.note.length + note.length + 2 <= 200) last.note = `${last.note}, ${note}`;
    } else {
      blocks.push({ from: day, to: day, note: notes.get(day) ?? 'Busy' });
    }
  }
  return blocks;
}

/**
 * `POST /api/blackout-dates/import`: the busy days of an iCalendar file, from today to two years
 * ahead, become blocks (source `import`), consecutive days one block noted with the events'
 * titles. Days already blocked are counted as skipped, so importing the same file twice adds
 * nothing. All or nothing: a file that would pass the limit of blocks adds none.
 */
export async function importCalendarFile(deps: Pick<CoreDeps, 'database' | 'clock'>, auth: AuthContext, file: Buffer | undefined, timeZone = 'UTC'): Promise<CalendarImportResult> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Availability');
  if (!file || file.length === 0) throw new AppError(400, 'validation-failed', 'Choose a calendar file to import.', [{ path: 'file', message: 'Choose an .ics calendar file' }]);
  const now = deps.clock.now();
  const from = todayOf(now);
  const to = addDays(from, IMPORT_DAYS_AHEAD - 1);
  let busy: Map<string, string>;
  try {
    busy = calendarBusyDays(textOf(file), { from, to, timeZone });
  } catch (error) {
    if (error instanceof NotACalendarError) throw notACalendar();
    if (error instanceof TooManyRepeatsError) {
      throw new AppError(400, 'validation-failed', 'This calendar repeats more events than we can read. Export only the coming months and try again.', [
        { path: 'file', message: 'Too many repeating events' },
      ]);
    }
    throw error;
  }

  return deps.database.writeTransaction(async (trx) => {
    const existing = await repo.blackoutsTouching(trx, auth.vendorId, from, to);
    const isBlocked = (day: string) => existing.some((block) => block.from_date <= day && day <= block.to_date);
    const fresh = [...busy.keys()].filter((day) => !isBlocked(day)).sort();
    const blocks = blocksOf(fresh, busy);
    const kept = await repo.countBlackouts(trx, auth.vendorId);
    if (kept + blocks.length > BLACKOUT_LIMITS.blocks) {
      throw new AppError(409, 'conflict', `This calendar would add ${blocks.length} blocked periods; you can keep at most ${BLACKOUT_LIMITS.blocks} (you have ${kept}). Remove some, or import a shorter calendar.`);
    }
    const rows: BlackoutDatesTable[] = blocks.map((block) => ({ id: randomUUID(), vendor_id: auth.vendorId, from_date: block.from, to_date: block.to, note: block.note, source: 'import', created_at: now }));
    await repo.insertBlackouts(trx, rows);
    return { added: fresh.length, skipped: busy.size - fresh.length };
  });
}
