import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, outboxFor } from '../../support/api/http';
import {
  businessOf,
  customerDecides,
  customerPage,
  customerToken,
  declineQuote,
  freshCity,
  getQuote,
  ledgerRows,
  matchOf,
  postRequest,
  signInAgain,
  storedCredits,
  storedQuote,
  storedRequest,
  submitQuote,
  type Seller,
} from '../../support/api/marketplace';
import { advanceDays, advanceMinutes, dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

interface HistoryEntry {
  status: string;
  actor: string;
  note: string | null;
}

/**
 * Every transition of a quote and each refund rule, driven by the server clock and the job runner
 * (docs/marketplace.md, Quote lifecycle; Lead cost and refunds).
 */
describe.each(TEST_DATABASES)('the quote lifecycle through the clock on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Moves the clock by whole days, runs what is due, and signs the businesses in again (their tokens expired). */
  async function later(days: number, ...sellers: Seller[]): Promise<void> {
    await advanceDays(ctx, days);
    for (const seller of sellers) await signInAgain(ctx, seller);
  }

  /** Moves the clock by minutes, runs what is due, and signs the businesses in again. */
  async function laterMinutes(minutes: number, ...sellers: Seller[]): Promise<void> {
    await advanceMinutes(ctx, minutes);
    for (const seller of sellers) await signInAgain(ctx, seller);
  }

  async function historyOf(seller: Seller, quoteId: string): Promise<HistoryEntry[]> {
    const res = await getQuote(ctx, seller, quoteId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: { history: HistoryEntry[] } }).data.history;
  }

  it('when a potential match is not quoted for 30 days, then it closes as expired, with a note in its history', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const match = await matchOf(ctx, florist, request.id);

    await later(29, florist);
    expect((await storedQuote(ctx, match.id)).status).toBe('potential');
    await later(2, florist);

    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'closed', closed_reason: 'expired' });
    expect((await matchOf(ctx, florist, request.id, 'closed')).closedReason).toBe('expired');
    expect((await historyOf(florist, match.id)).at(-1)).toMatchObject({ status: 'closed', actor: 'system', note: 'Not quoted within 30 days' });
  });

  it('when the event date passes, then its potential matches and unanswered quotes close as event-passed and the request closes', async () => {
    const city = freshCity(ctx);
    const quiet = await aVendor(ctx, { city });
    const quoting = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 10) });
    const potential = await matchOf(ctx, quiet, request.id);
    const quoted = await matchOf(ctx, quoting, request.id);
    expect((await submitQuote(ctx, quoting, quoted)).status).toBe(200);

    await later(10, quiet, quoting);
    expect((await storedQuote(ctx, potential.id)).status).toBe('potential');
    await later(1, quiet, quoting);

    expect(await storedQuote(ctx, potential.id)).toMatchObject({ status: 'closed', closed_reason: 'event-passed' });
    expect(await storedQuote(ctx, quoted.id)).toMatchObject({ status: 'closed', closed_reason: 'event-passed' });
    expect((await storedRequest(ctx, request.id)).status).toBe('closed');
    // Never opened by the couple, the quote was refunded 48 hours after it was sent, before it closed.
    expect((await historyOf(quoting, quoted.id)).map((h) => [h.status, h.note])).toEqual([
      ['potential', 'Matched with the request'],
      ['submitted', '1 credit spent'],
      ['submitted', '1 credit refunded: not opened within 48 hours'],
      ['closed', 'The event date passed'],
    ]);
  });

  it('when a booked event has taken place, then the day after the quote is completed and the couple is mailed the review link', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, token, email } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 12) });
    const match = await matchOf(ctx, florist, request.id);
    expect((await submitQuote(ctx, florist, match)).status).toBe(200);
    expect((await customerDecides(ctx, token, match.id, 'accept')).status).toBe(200);

    await later(12, florist);
    expect((await storedQuote(ctx, match.id)).status).toBe('accepted');
    expect((await outboxFor(ctx, email)).some((m) => m.subject.startsWith('How was'))).toBe(false);
    await later(1, florist);

    expect((await storedQuote(ctx, match.id)).status).toBe('completed');
    expect((await matchOf(ctx, florist, request.id, 'completed')).id).toBe(match.id);
    expect((await storedRequest(ctx, request.id)).status).toBe('booked');
    const { business_name: name } = await ctx.database.db
      .selectFrom('vendors')
      .select('business_name')
      .where('id', '=', businessOf(florist))
      .executeTakeFirstOrThrow();
    const review = (await outboxFor(ctx, email)).filter((m) => m.subject === `How was ${name}?`);
    expect(review).toHaveLength(1);
    expect(review[0]?.text_body).toContain(`/requests/${token}`);
    expect((await historyOf(florist, match.id)).at(-1)).toMatchObject({ status: 'completed', actor: 'system' });
  });

  it('when the couple has not opened a quote 48 hours after it was sent, then its credits come back: a refund row, refunded: true, the reason in its history; a minute before, nothing', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const match = await matchOf(ctx, florist, request.id);
    const submitted = await submitQuote(ctx, florist, match);
    expect(submitted.body.credits.balance).toBe(9);

    await laterMinutes(48 * 60 - 1, florist);
    expect((await ledgerRows(ctx, florist)).map((e) => e.reason)).toEqual(['trial', 'lead']);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
    expect((await getQuote(ctx, florist, match.id)).body.data).toMatchObject({ status: 'submitted', refunded: false });
    await laterMinutes(1, florist);

    expect((await ledgerRows(ctx, florist)).slice(1)).toEqual([
      { delta: -1, reason: 'lead', quoteId: match.id, note: expect.any(String) },
      { delta: 1, reason: 'refund', quoteId: match.id, note: 'The couple did not open your quote within 48 hours' },
    ]);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 10, ledger: 10 });
    const quote = await getQuote(ctx, florist, match.id);
    expect(quote.body.data).toMatchObject({ status: 'submitted', refunded: true });
    expect((quote.body.data as { history: HistoryEntry[] }).history.at(-1)).toMatchObject({
      status: 'submitted',
      actor: 'system',
      note: '1 credit refunded: not opened within 48 hours',
    });
    const credits = await agent(ctx).get('/api/credits').set('Authorization', `Bearer ${florist.accessToken}`);
    expect(credits.body.data.balance).toBe(10);
    expect(credits.body.data.entries[0]).toMatchObject({
      delta: 1,
      reason: 'refund',
      quoteId: match.id,
      note: 'The couple did not open your quote within 48 hours',
    });
    await later(7, florist);
    expect((await ledgerRows(ctx, florist)).map((e) => e.reason)).toEqual(['trial', 'lead', 'refund']);
  });

  it('when the couple opened the quote before 48 hours passed, then nothing is refunded, then or later', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const match = await matchOf(ctx, florist, request.id);
    expect((await submitQuote(ctx, florist, match)).status).toBe(200);
    await laterMinutes(47 * 60, florist);

    const page = await customerPage(ctx, token);
    expect(page.body.data.quotes).toMatchObject([{ id: match.id, status: 'submitted', priceCents: 185000 }]);
    await laterMinutes(60, florist);
    await later(8, florist);

    expect((await ledgerRows(ctx, florist)).map((e) => e.reason)).toEqual(['trial', 'lead']);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
    expect((await getQuote(ctx, florist, match.id)).body.data).toMatchObject({ status: 'submitted', refunded: false });
    expect(Number((await storedQuote(ctx, match.id)).customer_viewed_at)).toBeGreaterThan(0);
  });

  it('when the couple withdraws before opening a quote, then every open quote and match closes and the quote is refunded once', async () => {
    const city = freshCity(ctx);
    const quoting = await aVendor(ctx, { city });
    const quiet = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const quoted = await matchOf(ctx, quoting, request.id);
    const potential = await matchOf(ctx, quiet, request.id);
    expect((await submitQuote(ctx, quoting, quoted)).status).toBe(200);

    const withdrawn = await agent(ctx).post(`/api/public/requests/${token}/withdraw`);

    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ id: request.id, status: 'withdrawn' });
    expect(await storedQuote(ctx, quoted.id)).toMatchObject({ status: 'closed', closed_reason: 'withdrawn', refunded: 1 });
    expect(await storedQuote(ctx, potential.id)).toMatchObject({ status: 'closed', closed_reason: 'withdrawn', refunded: 0 });
    expect((await ledgerRows(ctx, quoting)).at(-1)).toEqual({
      delta: 1,
      reason: 'refund',
      quoteId: quoted.id,
      note: 'The couple withdrew the request before opening your quote',
    });
    expect((await ledgerRows(ctx, quiet)).map((e) => e.reason)).toEqual(['trial']);

    await later(8, quoting);
    expect((await ledgerRows(ctx, quoting)).map((e) => e.reason)).toEqual(['trial', 'lead', 'refund']);
    expect(await storedCredits(ctx, quoting)).toEqual({ balance: 10, ledger: 10 });
    expect((await getQuote(ctx, quoting, quoted.id)).body.data).toMatchObject({ status: 'closed', closedReason: 'withdrawn', refunded: true });
    expectProblem(await agent(ctx).post(`/api/public/requests/${token}/withdraw`), 409, 'conflict');
  });

  it('when the couple withdraws after opening the quote, then it closes without a refund', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const match = await matchOf(ctx, florist, request.id);
    expect((await submitQuote(ctx, florist, match)).status).toBe(200);
    expect((await customerPage(ctx, token)).status).toBe(200);

    expect((await agent(ctx).post(`/api/public/requests/${token}/withdraw`)).status).toBe(200);

    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'closed', closed_reason: 'withdrawn', refunded: 0 });
    await later(8, florist);
    expect((await ledgerRows(ctx, florist)).map((e) => e.reason)).toEqual(['trial', 'lead']);
  });

  it('when the couple accepts one quote, then the other quotes and matches close as booked-elsewhere and the booked vendor is mailed', async () => {
    const city = freshCity(ctx);
    const booked = await aVendor(ctx, { city });
    const outbid = await aVendor(ctx, { city });
    const quiet = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, {
      location: city,
      eventDate: dayFromNow(ctx, 90),
      customer: { name: 'Riley Park', email: `riley.${Date.now()}@example.com` },
    });
    const winner = await matchOf(ctx, booked, request.id);
    const loser = await matchOf(ctx, outbid, request.id);
    const untouched = await matchOf(ctx, quiet, request.id);
    expect((await submitQuote(ctx, booked, winner)).status).toBe(200);
    expect((await submitQuote(ctx, outbid, loser, { priceCents: 150000 })).status).toBe(200);

    const accepted = await customerDecides(ctx, token, winner.id, 'accept');

    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.status).toBe('booked');
    expect(await storedQuote(ctx, winner.id)).toMatchObject({ status: 'accepted' });
    expect(await storedQuote(ctx, loser.id)).toMatchObject({ status: 'closed', closed_reason: 'booked-elsewhere' });
    expect(await storedQuote(ctx, untouched.id)).toMatchObject({ status: 'closed', closed_reason: 'booked-elsewhere' });
    expect((await storedRequest(ctx, request.id)).status).toBe('booked');
    expect((await matchOf(ctx, outbid, request.id, 'closed')).closedReason).toBe('booked-elsewhere');
    expect((await outboxFor(ctx, booked.email)).map((m) => m.subject)).toContain(
      `You are booked: Riley Park, ${new Date(`${winner.eventDate}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
    );
    expectProblem(await customerDecides(ctx, token, loser.id, 'accept'), 409, 'conflict');
    expectProblem(await customerDecides(ctx, token, winner.id, 'accept'), 409, 'conflict');
    expectProblem(await agent(ctx).post(`/api/public/requests/${token}/withdraw`), 409, 'conflict');
    expect((await storedQuote(ctx, winner.id)).status).toBe('accepted');
  });

  it('when the couple rejects a quote, then it is rejected, the vendor is told, and the request stays open for the others', async () => {
    const city = freshCity(ctx);
    const rejected = await aVendor(ctx, { city });
    const other = await aVendor(ctx, { city });
    const { request, token } = await aConfirmedRequest(ctx, {
      location: city,
      eventDate: dayFromNow(ctx, 90),
      customer: { name: 'Casey Morgan', email: `casey.${Date.now()}@example.com` },
    });
    const first = await matchOf(ctx, rejected, request.id);
    const second = await matchOf(ctx, other, request.id);
    expect((await submitQuote(ctx, rejected, first)).status).toBe(200);
    expect((await submitQuote(ctx, other, second)).status).toBe(200);

    const res = await customerDecides(ctx, token, first.id, 'reject');

    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('open');
    expect(res.body.data.quotes).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: first.id, status: 'rejected' }), expect.objectContaining({ id: second.id, status: 'submitted' })]),
    );
    expect((await storedQuote(ctx, first.id)).status).toBe('rejected');
    expect((await matchOf(ctx, rejected, request.id, 'rejected')).id).toBe(first.id);
    expect((await outboxFor(ctx, rejected.email)).map((m) => m.subject)).toContain('Casey Morgan chose another vendor');
    expectProblem(await customerDecides(ctx, token, first.id, 'reject'), 409, 'conflict');
    expect((await customerDecides(ctx, token, second.id, 'accept')).status).toBe(200);
    expect((await storedQuote(ctx, first.id)).status).toBe('rejected');
  });

  it('when a business declines a match, then it closes as declined for free, and it can be neither quoted nor declined again', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request } = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, florist, request.id);

    const res = await declineQuote(ctx, florist, match.id, { reason: '  Fully booked that weekend ' });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: match.id, status: 'closed', closedReason: 'declined', refunded: false });
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'closed', closed_reason: 'declined', decline_reason: 'Fully booked that weekend' });
    expect((await historyOf(florist, match.id)).at(-1)).toMatchObject({ status: 'closed', actor: 'vendor', note: 'Declined: Fully booked that weekend' });
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 10, ledger: 10 });
    expectProblem(await submitQuote(ctx, florist, match), 409, 'conflict');
    expectProblem(await declineQuote(ctx, florist, match.id), 409, 'conflict');
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 10, ledger: 10 });
  });

  it('when a request is not confirmed within 14 days, then it closes, and a late confirm matches nobody', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { res, body } = await postRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 90) });
    const id = (res.body as { data: { id: string } }).data.id;
    const token = await customerToken(ctx, body.customer.email);

    await later(13);
    expect((await storedRequest(ctx, id)).status).toBe('unconfirmed');
    await later(2);
    expect((await storedRequest(ctx, id)).status).toBe('closed');

    const confirm = await agent(ctx).post(`/api/public/requests/${token}/confirm`);
    await ctx.jobs.runDue();
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toMatchObject({ id, status: 'closed', matching: false, matched: 0, quotes: [] });
    expect(await ctx.database.db.selectFrom('quotes').select('id').where('request_id', '=', id).execute()).toEqual([]);
    expect((await outboxFor(ctx, florist.email)).map((m) => m.subject)).toEqual([]);
  });

  it('when nobody was matched with a request, then it still closes the day after its event', async () => {
    const { request } = await aConfirmedRequest(ctx, { location: freshCity(ctx), eventDate: dayFromNow(ctx, 5) });
    expect(request).toMatchObject({ status: 'open', matched: 0 });

    await later(5);
    expect((await storedRequest(ctx, request.id)).status).toBe('open');
    await later(1);

    expect((await storedRequest(ctx, request.id)).status).toBe('closed');
  });

  it('when a request is confirmed only after its event date, then it closes and no business is matched or charged', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { res, body } = await postRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 3) });
    const id = (res.body as { data: { id: string } }).data.id;
    const token = await customerToken(ctx, body.customer.email);

    await later(3);
    const onTheDay = await agent(ctx).post(`/api/public/requests/${token}/confirm`);
    await ctx.jobs.runDue();

    expect(onTheDay.status).toBe(200);
    expect(onTheDay.body.data).toMatchObject({ id, status: 'closed', matching: false, matched: 0 });
    expect(await ctx.database.db.selectFrom('quotes').select('id').where('vendor_id', '=', businessOf(florist)).execute()).toEqual([]);
  });
});
