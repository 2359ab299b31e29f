import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem } from '../../support/api/http';
import { block, feedOf } from './support';
import { dayFromNow } from '../../support/api/clock';
import { aBookedQuote, aVendor } from '../../support/api/builders';

/** The events of a feed as a calendar app reads them: UID, summary, all-day start and (exclusive) end. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      allDay: event.startDate.isDate,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      url: String(component.getFirstPropertyValue('url') ?? ''),
    };
  });
}

/** The iCal feed (docs/marketplace.md): a secret, revocable link calendar apps subscribe to, with the blocks and booked events. */
describe.each(TEST_DATABASES)('the calendar feed on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a calendar app fetches the link, then it gets iCalendar with each block and booking as an all-day event ending the day after', async () => {
    const seller = await aVendor(ctx);
    const other = await aVendor(ctx);
    const holiday = await block(ctx, seller, { from: dayFromNow(ctx, 20), to: dayFromNow(ctx, 24), note: 'Family holiday' });
    const day = await block(ctx, seller, { from: dayFromNow(ctx, 3), to: dayFromNow(ctx, 3) });
    await block(ctx, other, { from: dayFromNow(ctx, 40), to: dayFromNow(ctx, 41), note: 'Not yours' });
    const quoteId = (await aBookedQuote(ctx, seller, { eventDate: dayFromNow(ctx, 30), customer: { name: 'Jordan Avery' } })).quote.id;

    const { path } = await feedOf(ctx, seller);
    const res = await agent(ctx)
      .get(path)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString()));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    const text = res.body as string;
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');

    const events = eventsOf(text);
    expect(events).toHaveLength(3);
    expect(events).toEqual(
      expect.arrayContaining([
        {
          uid: `blackout-${holiday.id}@vowly.pro`,
          summary: 'Blocked: Family holiday',
          allDay: true,
          start: dayFromNow(ctx, 20),
          end: dayFromNow(ctx, 25),
          url: '',
        },
        { uid: `blackout-${day.id}@vowly.pro`, summary: 'Blocked', allDay: true, start: dayFromNow(ctx, 3), end: dayFromNow(ctx, 4), url: '' },
        {
          uid: `booking-${quoteId}@vowly.pro`,
          summary: 'Booked: Jordan Avery, Florist',
          allDay: true,
          start: dayFromNow(ctx, 30),
          end: dayFromNow(ctx, 31),
          url: `http://127.0.0.1:3000/florist-quote-detail/${quoteId}`,
        },
      ]),
    );
    expect(text).not.toContain('Not yours');
    expect(text).not.toMatch(/@example\.com/);

    // Polling with the tag it was given, the app is told nothing changed.
    const again = await agent(ctx)
      .get(path)
      .set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
    await block(ctx, seller, { from: dayFromNow(ctx, 50), to: dayFromNow(ctx, 50) });
    expect(
      (
        await agent(ctx)
          .get(path)
          .set('If-None-Match', res.headers.etag as string)
      ).status,
    ).toBe(200);
  });

  it('when the link is asked for twice, then it is the same link; once reset, the old link is gone and the new one works', async () => {
    const seller = await aVendor(ctx);
    const first = await feedOf(ctx, seller);
    expect((await feedOf(ctx, seller)).path).toBe(first.path);
    expect((await agent(ctx).get(first.path)).status).toBe(200);

    const renewed = await feedOf(ctx, seller, true);
    expect(renewed.path).not.toBe(first.path);
    expectProblem(await agent(ctx).get(first.path), 404, 'not-found');
    expect((await agent(ctx).get(renewed.path)).status).toBe(200);
    expect((await feedOf(ctx, seller)).path).toBe(renewed.path);
  });

  it('when the link is tampered with, made up, or made for something else, then it is not found', async () => {
    const seller = await aVendor(ctx);
    const { token } = await feedOf(ctx, seller);
    const dot = token.lastIndexOf('.');
    const signature = token.slice(dot + 1);
    const flipped = `${token.slice(0, dot + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherSecret = ctx.deps.links.sign('calendar', `${seller.vendor.vendor_id}_${'0'.repeat(32)}`);
    const otherPurpose = ctx.deps.links.sign('request', token.slice(0, dot));
    for (const path of [
      `/api/calendar/${flipped}.ics`,
      `/api/calendar/${otherSecret}.ics`,
      `/api/calendar/${otherPurpose}.ics`,
      `/api/calendar/${token}`,
      `/api/calendar/${token.slice(0, dot)}.ics`,
      `/api/calendar/${'x'.repeat(500)}.ics`,
      '/api/calendar/..%2F..%2Fetc.ics',
    ]) {
      expectProblem(await agent(ctx).get(path), 404, 'not-found');
    }
  });
});
