import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem } from '../../support/api/http';
import { bearer, block, blocksOf, icalDay, icsFile, importFile } from './support';
import { dayFromNow } from '../../support/api/clock';
import { aVendor } from '../../support/api/builders';
import { createCalendarReader, DEFAULT_CALENDAR_BUDGET } from '../../../server/availability';

/** Importing an .ics file (docs/marketplace.md): its busy days from today on become blocks. */
describe.each(TEST_DATABASES)('importing a calendar file on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // What a file may cost is decided here by its steps (MAX_CALENDAR_STEPS: a rule that repeats
    // too much is a 400). The wall-clock budget behind it (4 s, a 422) has tests of its own
    // (calendar-import-budget.test.ts); on a loaded machine a second of steps plus a worker's
    // start-up can pass 4 s, which would test the machine's load instead.
    ctx = await createTestContext({ database: kind, calendars: createCalendarReader({ budget: { ...DEFAULT_CALENDAR_BUDGET, timeMs: 20_000 } }) });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /**
   * An all-day event (3 days), a timed one past midnight (2 days), a weekly one with one week
   * cancelled and one moved, a free one, a UTC one late in the evening in Chicago, and one
   * that has passed.
   */
  function sampleCalendar(c: TestContext): Buffer {
    return icsFile([
      [
        'BEGIN:VEVENT',
        'UID:allday@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${icalDay(c, 10)}`,
        `DTEND;VALUE=DATE:${icalDay(c, 13)}`,
        'SUMMARY:Smith wedding',
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        'UID:timed@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=America/Chicago:${icalDay(c, 20)}T180000`,
        `DTEND;TZID=America/Chicago:${icalDay(c, 21)}T020000`,
        'SUMMARY:Gala dinner',
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        'UID:weekly@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${icalDay(c, 30)}`,
        'RRULE:FREQ=WEEKLY;COUNT=4',
        `EXDATE;VALUE=DATE:${icalDay(c, 37)}`,
        'SUMMARY:Farmers market',
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        'UID:weekly@test',
        'DTSTAMP:20260101T000000Z',
        `RECURRENCE-ID;VALUE=DATE:${icalDay(c, 44)}`,
        `DTSTART;VALUE=DATE:${icalDay(c, 45)}`,
        'SUMMARY:Farmers market (moved)',
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        'UID:free@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${icalDay(c, 60)}`,
        'TRANSP:TRANSPARENT',
        'SUMMARY:Reminder',
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        'UID:utc@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${icalDay(c, 71)}T030000Z`,
        'DURATION:PT2H',
        'CLASS:PRIVATE',
        'SUMMARY:Doctor',
        'END:VEVENT',
      ].join('\r\n'),
      [
        'BEGIN:VEVENT',
        'UID:past@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${icalDay(c, -8)}`,
        `DTEND;VALUE=DATE:${icalDay(c, -6)}`,
        'SUMMARY:Last week',
        'END:VEVENT',
      ].join('\r\n'),
    ]);
  }

  it('when a business imports a calendar, then its busy days become blocks, days already blocked are skipped, and importing it again adds nothing', async () => {
    const seller = await aVendor(ctx);
    const manual = await block(ctx, seller, { from: dayFromNow(ctx, 11), to: dayFromNow(ctx, 11), note: 'Already off' });

    const res = await importFile(ctx, seller, sampleCalendar(ctx), 'my-calendar.ics', { timeZone: 'America/Chicago' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10, 12 (11 was blocked) · 20, 21 · 30, 44 moved to 45, 51 (37 cancelled) · 70 (03:00 UTC is the evening before in Chicago).
    expect(res.body).toEqual({ data: { added: 8, skipped: 1 } });

    const blocks = await blocksOf(ctx, seller);
    expect(blocks.map(({ from, to, note, source }) => ({ from, to, note, source }))).toEqual([
      { from: dayFromNow(ctx, 10), to: dayFromNow(ctx, 10), note: 'Smith wedding', source: 'import' },
      { from: dayFromNow(ctx, 11), to: dayFromNow(ctx, 11), note: manual.note, source: 'manual' },
      { from: dayFromNow(ctx, 12), to: dayFromNow(ctx, 12), note: 'Smith wedding', source: 'import' },
      { from: dayFromNow(ctx, 20), to: dayFromNow(ctx, 21), note: 'Gala dinner', source: 'import' },
      { from: dayFromNow(ctx, 30), to: dayFromNow(ctx, 30), note: 'Farmers market', source: 'import' },
      { from: dayFromNow(ctx, 45), to: dayFromNow(ctx, 45), note: 'Farmers market (moved)', source: 'import' },
      { from: dayFromNow(ctx, 51), to: dayFromNow(ctx, 51), note: 'Farmers market', source: 'import' },
      { from: dayFromNow(ctx, 70), to: dayFromNow(ctx, 70), note: 'Busy', source: 'import' },
    ]);

    const again = await importFile(ctx, seller, sampleCalendar(ctx), 'my-calendar.ics', { timeZone: 'America/Chicago' });
    expect(again.body).toEqual({ data: { added: 0, skipped: 9 } });
    expect(await blocksOf(ctx, seller)).toEqual(blocks);
  });

  it('when no time zone is given, then a UTC event falls on its UTC day', async () => {
    const seller = await aVendor(ctx);
    const file = icsFile([
      [
        'BEGIN:VEVENT',
        'UID:utc@test',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${icalDay(ctx, 71)}T030000Z`,
        `DTEND:${icalDay(ctx, 71)}T050000Z`,
        'SUMMARY:Call',
        'END:VEVENT',
      ].join('\r\n'),
    ]);
    expect((await importFile(ctx, seller, file)).body).toEqual({ data: { added: 1, skipped: 0 } });
    expect((await blocksOf(ctx, seller)).map((b) => b.from)).toEqual([dayFromNow(ctx, 71)]);
  });

  it('when a weekly event repeats for ever, then it is blocked each week up to two years ahead and no further', async () => {
    const seller = await aVendor(ctx);
    const file = icsFile([
      [
        'BEGIN:VEVENT',
        'UID:forever@test',
        'DTSTAMP:20260101T000000Z',
        'DTSTART;VALUE=DATE:20200106',
        'RRULE:FREQ=WEEKLY',
        'SUMMARY:Sunday brunch shift',
        'END:VEVENT',
      ].join('\r\n'),
    ]);
    const res = await importFile(ctx, seller, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { added } = (res.body as { data: { added: number } }).data;
    expect(added).toBeGreaterThanOrEqual(104);
    expect(added).toBeLessThanOrEqual(105);
    const blocks = await blocksOf(ctx, seller);
    expect(blocks).toHaveLength(added);
    expect(blocks.every((b) => b.from === b.to && new Date(`${b.from}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(blocks.at(-1)!.to <= dayFromNow(ctx, 729)).toBe(true);
  });

  it.each([
    ['a text file', Buffer.from('Dear diary, busy on Saturday.'), 'notes.txt'],
    ['a vCard', Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jordan Avery\r\nEND:VCARD\r\n'), 'contact.ics'],
    ['a JSON file', Buffer.from('{"events":[]}'), 'events.ics'],
    ['a calendar cut short', Buffer.from('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20270101\r\n'), 'broken.ics'],
    ['an image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'photo.ics'],
    ['an empty file', Buffer.alloc(0), 'empty.ics'],
  ])('when the file is %s, then a 400 problem on `file` and nothing is stored', async (_name, file, name) => {
    const seller = await aVendor(ctx);
    const problem = expectProblem(await importFile(ctx, seller, file, name), 400, 'validation-failed');
    expect(errorPaths(problem)).toEqual(['file']);
    expect(await blocksOf(ctx, seller)).toEqual([]);
  });

  it('when no file, a JSON body, a file over 1 MB, an unknown time zone or too many repeats are sent, then a 4xx problem and nothing is stored', async () => {
    const seller = await aVendor(ctx);
    expect(
      errorPaths(
        expectProblem(
          await agent(ctx)
            .post('/api/blackout-dates/import')
            .set(...bearer(seller))
            .field('timeZone', 'UTC'),
          400,
        ),
      ),
    ).toEqual(['file']);
    expectProblem(
      await agent(ctx)
        .post('/api/blackout-dates/import')
        .set(...bearer(seller))
        .send({ file: 'BEGIN:VCALENDAR' }),
      415,
    );
    const big = icsFile([`BEGIN:VEVENT\r\nUID:big@test\r\nDTSTART;VALUE=DATE:${icalDay(ctx, 5)}\r\nDESCRIPTION:${'x'.repeat(1024 * 1024)}\r\nEND:VEVENT`]);
    expect(errorPaths(expectProblem(await importFile(ctx, seller, big), 413, 'payload-too-large'))).toEqual(['file']);
    const sample = icsFile([['BEGIN:VEVENT', 'UID:one@test', `DTSTART;VALUE=DATE:${icalDay(ctx, 5)}`, 'END:VEVENT'].join('\r\n')]);
    expect(errorPaths(expectProblem(await importFile(ctx, seller, sample, 'a.ics', { timeZone: 'Mars/Olympus_Mons' }), 400, 'validation-failed'))).toEqual([
      'timeZone',
    ]);
    const daily = icsFile([
      ['BEGIN:VEVENT', 'UID:daily@test', 'DTSTART;VALUE=DATE:18000101', 'RRULE:FREQ=DAILY', 'SUMMARY:Every day since 1800', 'END:VEVENT'].join('\r\n'),
    ]);
    expect(errorPaths(expectProblem(await importFile(ctx, seller, daily), 400, 'validation-failed'))).toEqual(['file']);
    expect(await blocksOf(ctx, seller)).toEqual([]);
  });
});
