import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem } from '../../support/api/http';
import { quotesOf } from '../../support/api/marketplace';
import { bearer, block, blocksOf } from './support';
import { dayFromNow } from '../../support/api/clock';
import { aBookedQuote, aConfirmedRequest, aVendor } from '../../support/api/builders';

/** Blackout dates over HTTP (docs/marketplace.md): block, list, unblock, the month calendar, and matching skipping a blocked business. */
describe.each(TEST_DATABASES)('blackout dates on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a business blocks a day and a range with a note, then the list shows both, earliest first, and removing one leaves the other', async () => {
    const seller = await aVendor(ctx);
    const range = await block(ctx, seller, { from: dayFromNow(ctx, 20), to: dayFromNow(ctx, 24), note: '  Family holiday  ' });
    const day = await block(ctx, seller, { from: dayFromNow(ctx, 5), to: dayFromNow(ctx, 5) });
    expect(range).toEqual({ id: expect.any(String), from: dayFromNow(ctx, 20), to: dayFromNow(ctx, 24), note: 'Family holiday', source: 'manual' });
    expect(await blocksOf(ctx, seller)).toEqual([day, range]);

    const removed = await agent(ctx)
      .delete(`/api/blackout-dates/${day.id}`)
      .set(...bearer(seller));
    expect(removed.status).toBe(204);
    expect(await blocksOf(ctx, seller)).toEqual([range]);
    expectProblem(
      await agent(ctx)
        .delete(`/api/blackout-dates/${day.id}`)
        .set(...bearer(seller)),
      404,
      'not-found',
    );
  });

  it.each([
    ['the last day is before the first', (c: TestContext) => ({ from: dayFromNow(c, 10), to: dayFromNow(c, 9) }), 'to'],
    ['the days have passed', (c: TestContext) => ({ from: dayFromNow(c, -5), to: dayFromNow(c, -2) }), 'to'],
    ['the block is longer than a year', (c: TestContext) => ({ from: dayFromNow(c, 1), to: dayFromNow(c, 367) }), 'to'],
    ['a date does not exist', () => ({ from: '2027-02-30', to: '2027-03-02' }), 'from'],
    ['a date is not a date', (c: TestContext) => ({ from: 'next friday', to: dayFromNow(c, 3) }), 'from'],
    ['the note is longer than 200 characters', (c: TestContext) => ({ from: dayFromNow(c, 3), to: dayFromNow(c, 3), note: 'x'.repeat(201) }), 'note'],
    ['the body has a field of its own', (c: TestContext) => ({ from: dayFromNow(c, 3), to: dayFromNow(c, 3), source: 'import' }), ''],
  ])('when %s, then a 400 problem names the field and nothing is stored', async (_name, body, path) => {
    const seller = await aVendor(ctx);
    const problem = expectProblem(
      await agent(ctx)
        .post('/api/blackout-dates')
        .set(...bearer(seller))
        .send(body(ctx)),
      400,
      'validation-failed',
    );
    if (path) expect(errorPaths(problem)).toContain(path);
    expect(await blocksOf(ctx, seller)).toEqual([]);
  });

  it("when a business removes another business's block, then it is not found and the block stays", async () => {
    const owner = await aVendor(ctx);
    const other = await aVendor(ctx);
    const theirs = await block(ctx, owner, { from: dayFromNow(ctx, 30), to: dayFromNow(ctx, 31), note: 'Private' });
    expectProblem(
      await agent(ctx)
        .delete(`/api/blackout-dates/${theirs.id}`)
        .set(...bearer(other)),
      404,
      'not-found',
    );
    expectProblem(
      await agent(ctx)
        .delete('/api/blackout-dates/not-an-id')
        .set(...bearer(other)),
      400,
      'validation-failed',
    );
    expect(await blocksOf(ctx, other)).toEqual([]);
    expect(await blocksOf(ctx, owner)).toEqual([theirs]);
  });

  it('when nobody is signed in, then every availability endpoint answers 401', async () => {
    for (const res of [
      await agent(ctx).get('/api/blackout-dates'),
      await agent(ctx)
        .post('/api/blackout-dates')
        .send({ from: dayFromNow(ctx, 3), to: dayFromNow(ctx, 3) }),
      await agent(ctx)
        .get('/api/availability')
        .query({ from: dayFromNow(ctx, 0), to: dayFromNow(ctx, 30) }),
      await agent(ctx).get('/api/calendar'),
      await agent(ctx).post('/api/calendar/reset'),
      await agent(ctx).post('/api/blackout-dates/import'),
    ]) {
      expectProblem(res, 401);
    }
  });

  it('when the month calendar is asked for, then it has the blocks touching those days and the events booked on them', async () => {
    const seller = await aVendor(ctx);
    const before = await block(ctx, seller, { from: dayFromNow(ctx, 1), to: dayFromNow(ctx, 12), note: 'Straddles the start' });
    const inside = await block(ctx, seller, { from: dayFromNow(ctx, 15), to: dayFromNow(ctx, 15) });
    await block(ctx, seller, { from: dayFromNow(ctx, 50), to: dayFromNow(ctx, 52) });
    const quoteId = (await aBookedQuote(ctx, seller, { eventDate: dayFromNow(ctx, 20), customer: { name: 'Jordan Avery' } })).quote.id;
    await aBookedQuote(ctx, seller, { eventDate: dayFromNow(ctx, 45), customer: { name: 'Sam Lee' } });

    const res = await agent(ctx)
      .get('/api/availability')
      .query({ from: dayFromNow(ctx, 10), to: dayFromNow(ctx, 40) })
      .set(...bearer(seller));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: {
        blocks: [before, inside],
        bookings: [{ quoteId, date: dayFromNow(ctx, 20), customerName: 'Jordan Avery', category: 'florist', categoryLabel: 'Florist', status: 'accepted' }],
      },
    });
  });

  it.each([
    ['the last day is before the first', (c: TestContext) => ({ from: dayFromNow(c, 10), to: dayFromNow(c, 9) })],
    ['more than a year is asked for', (c: TestContext) => ({ from: dayFromNow(c, 0), to: dayFromNow(c, 366) })],
    ['a day is missing', (c: TestContext) => ({ from: dayFromNow(c, 0) })],
    ['a day is not a date', () => ({ from: '2027-13-01', to: '2027-12-31' })],
  ])('when the month calendar is asked for and %s, then a 400 problem', async (_name, query) => {
    const seller = await aVendor(ctx);
    expectProblem(
      await agent(ctx)
        .get('/api/availability')
        .query(query(ctx))
        .set(...bearer(seller)),
      400,
      'validation-failed',
    );
  });

  it('when a florist blocked the event date, then a request for that day skips it, and reaches it again once unblocked', async () => {
    // Far from the suite's other florists (Austin), so the cap on vendors per request leaves these two in.
    const city = 'Burlington, VT';
    const blocked = await aVendor(ctx, { city });
    const open = await aVendor(ctx, { city });
    const eventDate = dayFromNow(ctx, 70);
    const holiday = await block(ctx, blocked, { from: dayFromNow(ctx, 68), to: dayFromNow(ctx, 72), note: 'Away' });

    const { request } = await aConfirmedRequest(ctx, { eventDate, location: city });
    expect((await quotesOf(ctx, blocked, 'potential')).data.map((q) => q.requestId)).not.toContain(request.id);
    expect((await quotesOf(ctx, open, 'potential')).data.map((q) => q.requestId)).toContain(request.id);

    expect(
      (
        await agent(ctx)
          .delete(`/api/blackout-dates/${holiday.id}`)
          .set(...bearer(blocked))
      ).status,
    ).toBe(204);
    const { request: next } = await aConfirmedRequest(ctx, { eventDate, location: city });
    expect((await quotesOf(ctx, blocked, 'potential')).data.map((q) => q.requestId)).toContain(next.id);
  });
});
