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
import type { BusyDaysOutcome } from './calendar-busy-days';
import type { CalendarReader } from './calendar-reader';
import { WorkerBudgetError } from '../core/workers/run-in-worker';

/** An import blocks days from today up to two years ahead (how far ahead customers may ask). */
export const IMPORT_DAYS_AHEAD = 730;

/** The most events one file may hold (a busy vendor's calendar exported whole has a few thousand). */
export const MAX_CALENDAR_EVENTS = 10_000;

/** What the import needs besides the core: the reader that parses files off the event loop. */
export type CalendarImportDeps = Pick<CoreDeps, 'database' | 'clock'> & { calendars: CalendarReader };

function notACalendar(): AppError {
  return new AppError(400, 'validation-failed', 'This file is not a calendar. Export an .ics file from your calendar app and upload that.', [
    { path: 'file', message: 'Choose an .ics calendar file' },
  ]);
}

function fileProblem(status: 400 | 422, detail: string, message: string): AppError {
  return new AppError(status, status === 400 ? 'validation-failed' : 'too-complex', detail, [{ path: 'file', message }]);
}

/** The file's text: UTF-8 (RFC 5545's charset), without a byte-order mark; binary files and files of too many events are refused. */
function textOf(file: Buffer): string {
  if (file.includes(0)) throw notACalendar();
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  const events = text.match(/^BEGIN:VEVENT\s*$/gim)?.length ?? 0;
  if (events > MAX_CALENDAR_EVENTS) {
    throw fileProblem(
      400,
      `This calendar holds ${events.toLocaleString('en-US')} events; we read at most ${MAX_CALENDAR_EVENTS.toLocaleString('en-US')} at a time. Export only the coming months and try again.`,
      'Too many events',
    );
  }
  return text;
}

/** The busy days of the file, read off the event loop; every way it cannot be read is a 4xx naming the problem. */
async function busyDaysOf(deps: CalendarImportDeps, text: string, window: { from: string; to: string; timeZone: string }): Promise<Map<string, string>> {
  let outcome: BusyDaysOutcome;
  try {
    outcome = await deps.calendars.busyDays(text, window);
  } catch (error) {
    if (!(error instanceof WorkerBudgetError)) throw error;
    const spent = error.spent === 'time' ? 'more time' : 'more memory';
    throw fileProblem(
      422,
      `This calendar needs ${spent} to read than one import may take. Export only the coming months and try again.`,
      'This calendar is too large to read',
    );
  }
  if ('days' in outcome) return new Map(outcome.days);
  switch (outcome.problem) {
    case 'not-a-calendar':
      throw notACalendar();
    case 'unreadable':
      throw fileProblem(
        400,
        `This calendar file could not be read (${outcome.message}). Export it again from your calendar app and upload the new file.`,
        'This calendar could not be read',
      );
    case 'bad-repeat-rule':
      throw fileProblem(
        400,
        `${outcome.message}. Change or delete that event in your calendar app, export again and upload the new file.`,
        'A repeating event has a rule we cannot read',
      );
    case 'too-many-repeats':
      throw fileProblem(400, 'This calendar repeats more events than we can read. Export only the coming months and try again.', 'Too many repeating events');
  }
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
 * nothing. All or nothing: a file that would pass the limit of blocks adds none. The file is
 * read on a worker thread under a budget (calendar-reader.ts), so no file stalls other requests.
 */
export async function importCalendarFile(
  deps: CalendarImportDeps,
  auth: AuthContext,
  file: Buffer | undefined,
  timeZone = 'UTC',
): Promise<CalendarImportResult> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Availability');
  if (!file || file.length === 0)
    throw new AppError(400, 'validation-failed', 'Choose a calendar file to import.', [{ path: 'file', message: 'Choose an .ics calendar file' }]);
  const now = deps.clock.now();
  const from = todayOf(now);
  const to = addDays(from, IMPORT_DAYS_AHEAD - 1);
  const busy = await busyDaysOf(deps, textOf(file), { from, to, timeZone });

  return deps.database.writeTransaction(async (trx) => {
    const existing = await repo.blackoutsTouching(trx, auth.vendorId, from, to);
    const isBlocked = (day: string) => existing.some((block) => block.from_date <= day && day <= block.to_date);
    const fresh = [...busy.keys()].filter((day) => !isBlocked(day)).sort();
    const blocks = blocksOf(fresh, busy);
    const kept = await repo.countBlackouts(trx, auth.vendorId);
    if (kept + blocks.length > BLACKOUT_LIMITS.blocks) {
      throw new AppError(
        409,
        'conflict',
        `This calendar would add ${blocks.length} blocked periods; you can keep at most ${BLACKOUT_LIMITS.blocks} (you have ${kept}). Remove some, or import a shorter calendar.`,
      );
    }
    const rows: BlackoutDatesTable[] = blocks.map((block) => ({
      id: randomUUID(),
      vendor_id: auth.vendorId,
      from_date: block.from,
      to_date: block.to,
      note: block.note,
      source: 'import',
      created_at: now,
    }));
    await repo.insertBlackouts(trx, rows);
    return { added: fresh.length, skipped: busy.size - fresh.length };
  });
}
