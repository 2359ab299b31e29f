import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarReader } from '../../../server/availability';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem } from '../../support/api/http';
import { blocksOf, icsFile, importFile } from './support';
import { aVendor } from '../../support/api/builders';

/** A rule that never matches: ical.js's iterator steps for ever looking for a 30 February. */
const neverMatching = (freq: string) =>
  icsFile([
    [
      'BEGIN:VEVENT',
      `UID:never-${freq}@test`,
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20270101T090000Z',
      `RRULE:FREQ=${freq};BYMONTH=2;BYMONTHDAY=30`,
      'SUMMARY:Never',
      'END:VEVENT',
    ].join('\r\n'),
  ]);

/** `count` events, each from 2000 to 2999, written tight (the shape of the 1 MB file that froze the server for 30 s). */
const millennia = (count: number) =>
  Buffer.from(
    `BEGIN:VCALENDAR\nVERSION:2.0\n${'BEGIN:VEVENT\nDTSTART;VALUE=DATE:20000101\nDTEND;VALUE=DATE:29990101\nEND:VEVENT\n'.repeat(count)}END:VCALENDAR\n`,
  );

/**
 * Runs `work` while reading `GET /api/config/app` back to back, as other vendors' pages would:
 * the work's answer, how long it took, and how long each read took.
 */
async function whileOthersRead<T>(ctx: TestContext, work: () => PromiseLike<T>): Promise<{ answer: T; ms: number; reads: number[] }> {
  const reads: number[] = [];
  let done = false;
  const reader = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await agent(ctx).get('/api/config/app');
      expect(res.status).toBe(200);
      reads.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const answer = await work();
  const ms = performance.now() - started;
  done = true;
  await reader;
  return { answer, ms, reads };
}

/** Calendar files built to stall the server (issue 20): each is answered within seconds, and nobody else waits. */
describe.each(TEST_DATABASES)('hostile calendar files on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it.each(['DAILY', 'SECONDLY'])(
    'when a %s rule never matches, then a 400 names the repeats within 5 s while every other request is answered in under 1 s',
    async (freq) => {
      const seller = await aVendor(ctx);
      const { answer, ms, reads } = await whileOthersRead(ctx, () => importFile(ctx, seller, neverMatching(freq)));
      const problem = expectProblem(answer, 400, 'validation-failed');
      expect(problem.detail).toBe('This calendar repeats more events than we can read. Export only the coming months and try again.');
      expect(errorPaths(problem)).toEqual(['file']);
      expect(ms).toBeLessThan(5_000);
      expect(reads.length).toBeGreaterThan(0);
      expect(Math.max(...reads)).toBeLessThan(1_000);
      expect(await blocksOf(ctx, seller)).toEqual([]);
    },
  );

  it('when a 1 MB file holds 12,785 events, then it is refused before any is read, naming the count', async () => {
    const seller = await aVendor(ctx);
    const file = millennia(12_785);
    expect(file.length).toBeLessThan(1024 * 1024);
    const { answer, ms } = await whileOthersRead(ctx, () => importFile(ctx, seller, file));
    const problem = expectProblem(answer, 400, 'validation-failed');
    expect(problem.detail).toBe('This calendar holds 12,785 events; we read at most 10,000 at a time. Export only the coming months and try again.');
    expect(ms).toBeLessThan(5_000);
  });

  it('when 10,000 events each span a thousand years, then the two years ahead are blocked within 5 s while every other request is answered in under 1 s', async () => {
    const seller = await aVendor(ctx);
    const { answer, ms, reads } = await whileOthersRead(ctx, () => importFile(ctx, seller, millennia(10_000)));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ data: { added: 730, skipped: 0 } });
    expect(ms).toBeLessThan(5_000);
    expect(Math.max(...reads)).toBeLessThan(1_000);
    // Blocks are at most 366 days long: two years are 2 blocks.
    expect((await blocksOf(ctx, seller)).map((b) => b.note)).toEqual(['Busy', 'Busy']);
  });

  it('when a rule is one the parser refuses to expand, then a 400 names the event and its rule', async () => {
    const seller = await aVendor(ctx);
    const file = icsFile([
      [
        'BEGIN:VEVENT',
        'UID:weekly@test',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;VALUE=DATE:20270104',
        'RRULE:FREQ=WEEKLY;BYMONTHDAY=30',
        'SUMMARY:Yoga',
        'END:VEVENT',
      ].join('\r\n'),
    ]);
    const problem = expectProblem(await importFile(ctx, seller, file), 400, 'validation-failed');
    expect(problem.detail).toBe(
      'The repeating event "Yoga" (RRULE:FREQ=WEEKLY;BYMONTHDAY=30): For WEEKLY recurrences neither BYMONTHDAY nor BYYEARDAY may appear. Change or delete that event in your calendar app, export again and upload the new file.',
    );
    expect(errorPaths(problem)).toEqual(['file']);
    expect(await blocksOf(ctx, seller)).toEqual([]);
  });

  it('when a calendar holds a line the parser cannot read, then a 400 quotes what the parser said', async () => {
    const seller = await aVendor(ctx);
    const file = icsFile([['BEGIN:VEVENT', 'UID:a@test', 'DTSTART;VALUE=DATE:20270104', 'NOT A PROPERTY LINE', 'END:VEVENT'].join('\r\n')]);
    const problem = expectProblem(await importFile(ctx, seller, file), 400, 'validation-failed');
    expect(problem.detail).toBe(
      'This calendar file could not be read (invalid line (no token ";" or ":") "NOT A PROPERTY LINE"). Export it again from your calendar app and upload the new file.',
    );
  });
});

describe('a calendar file that outlasts its time budget', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // A budget no worker can meet: the reader stops it, as it would stop one that spins.
    ctx = await createTestContext({ calendars: createCalendarReader({ budget: { timeMs: 1, memoryMb: 64 } }) });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the worker is stopped, then a 422 says the file needs more time than an import may take, and nothing is stored', async () => {
    const seller = await aVendor(ctx);
    const file = icsFile([['BEGIN:VEVENT', 'UID:a@test', 'DTSTART;VALUE=DATE:20270104', 'SUMMARY:Fair', 'END:VEVENT'].join('\r\n')]);
    const problem = expectProblem(await importFile(ctx, seller, file), 422, 'too-complex');
    expect(problem.detail).toBe('This calendar needs more time to read than one import may take. Export only the coming months and try again.');
    expect(errorPaths(problem)).toEqual(['file']);
    expect(await blocksOf(ctx, seller)).toEqual([]);
  });
});
