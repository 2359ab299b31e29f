import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateOver } from '../../support/api/migrations';
import { aBookedQuote, aBusinessWithMember, aCompletedQuote, aVendor, verifyAddress } from '../../support/api/builders';
import { agent, expectProblem, outboxFor, type SessionBody } from '../../support/api/http';
import { freshCity, signInAgain, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

interface ReviewBody {
  id: string;
  quoteId: string;
  rating: number;
  title: string | null;
  body: string;
  customerName: string;
  reply: string | null;
  reportedAt?: number | null;
}

interface ReviewsAnswer {
  data: ReviewBody[];
  summary: { average: number | null; count: number; distribution: Record<string, number> };
  nextCursor: string | null;
}

const GOOD = 'They were wonderful from the first call to the last petal.';

/**
 * Reviews (docs/marketplace.md: Reviews): only a completed booking, through the couple's link, once; the
 * business's list with the average and distribution, its one public reply, its report to support.
 */
describe.each(TEST_DATABASES)('reviews on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const review = (token: string, quoteId: string, body: object) => agent(ctx).post(`/api/public/requests/${token}/quotes/${quoteId}/review`).send(body);
  const reviews = (seller: SessionBody, query: Record<string, string> = {}) =>
    agent(ctx).get('/api/reviews').query(query).set('Authorization', `Bearer ${seller.accessToken}`);

  it('when the couple reviews a completed booking, then it is published once, the business is mailed, replies publicly and sees the average and distribution', async () => {
    const florist: Seller = await aVendor(ctx, { city: freshCity(ctx) });
    const { token, quote } = await aCompletedQuote(ctx, florist, { customer: { name: 'Hana Sato' } });
    await signInAgain(ctx, florist);

    const posted = await review(token, quote.id, { rating: 5, title: 'Magical flowers', body: GOOD });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body.data).toMatchObject({ rating: 5, title: 'Magical flowers', body: GOOD, customerName: 'Hana Sato', reply: null });
    expectProblem(await review(token, quote.id, { rating: 1, body: GOOD }), 409, 'conflict');
    expect((await agent(ctx).get(`/api/public/requests/${token}/quotes/${quote.id}/review`)).body.data).toMatchObject({ rating: 5 });

    expect((await outboxFor(ctx, florist.email)).some((mail) => mail.subject === 'New review from Hana Sato: 5 stars')).toBe(true);

    const listed = (await reviews(florist)).body as ReviewsAnswer;
    expect(listed.summary).toEqual({ average: 5, count: 1, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 } });
    const id = listed.data[0]?.id ?? '';
    const replied = await agent(ctx).put(`/api/reviews/${id}/reply`).set('Authorization', `Bearer ${florist.accessToken}`).send({ body: 'Thank you, Hana!' });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    const edited = await agent(ctx)
      .put(`/api/reviews/${id}/reply`)
      .set('Authorization', `Bearer ${florist.accessToken}`)
      .send({ body: 'Thank you so much, Hana!' });
    expect(edited.body.data.reply).toBe('Thank you so much, Hana!');
    expect(((await reviews(florist)).body as ReviewsAnswer).data[0]?.reply).toBe('Thank you so much, Hana!');
    expect(((await reviews(florist, { rating: '3' })).body as ReviewsAnswer).data).toEqual([]);
    // The couple's page shows the reply too.
    expect((await agent(ctx).get(`/api/public/requests/${token}/quotes/${quote.id}/review`)).body.data.reply).toBe('Thank you so much, Hana!');
  });

  it('when a booking has not taken place, a rating is out of range, or the link is another request’s, then the review is refused and nothing is stored', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const booked = await aBookedQuote(ctx, florist);
    expectProblem(await review(booked.token, booked.quote.id, { rating: 5, body: GOOD }), 409, 'conflict');
    const other = await aVendor(ctx, { city: freshCity(ctx) });
    const done = await aCompletedQuote(ctx, other);
    expectProblem(await review(done.token, done.quote.id, { rating: 6, body: GOOD }), 400, 'validation-failed');
    expectProblem(await review(done.token, done.quote.id, { rating: 0, body: GOOD }), 400, 'validation-failed');
    expectProblem(await review(done.token, done.quote.id, { rating: 4.5, body: GOOD }), 400, 'validation-failed');
    expectProblem(await review(done.token, done.quote.id, { rating: 4, body: 'Too short' }), 400, 'validation-failed');
    expectProblem(await review(done.token, done.quote.id, { rating: 4, body: GOOD, extra: 1 }), 400, 'validation-failed');
    expectProblem(await review(booked.token, done.quote.id, { rating: 4, body: GOOD }), 404);
    expectProblem(await review(`${done.token.slice(0, -2)}xx`, done.quote.id, { rating: 4, body: GOOD }), 404);
    expect(await ctx.database.db.selectFrom('reviews').select('id').where('quote_id', 'in', [booked.quote.id, done.quote.id]).execute()).toEqual([]);
  });

  it('when the business reports a review, then support is mailed naming both sides and the review stays published; another business cannot reply to it or report it', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { owner: await aVendor(ctx, { city: freshCity(ctx), businessName: 'Cedar & Sage' }) });
    const { token, quote, email } = await aCompletedQuote(ctx, owner, { customer: { name: 'Omar Reyes' } });
    await signInAgain(ctx, owner);
    await signInAgain(ctx, member);
    expect((await review(token, quote.id, { rating: 1, title: 'Never again', body: 'The flowers arrived wilted and two hours late.' })).status).toBe(201);
    const id = (((await reviews(owner)).body as ReviewsAnswer).data[0]?.id ?? '') as string;

    const reported = await agent(ctx)
      .post(`/api/reviews/${id}/report`)
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .send({ reason: 'not-our-event', note: 'We delivered on time; photos attached to our records.' });
    expect(reported.status, JSON.stringify(reported.body)).toBe(202);
    const support = await outboxFor(ctx, 'support@example.com');
    const mail = support.find((m) => m.subject === 'Review reported by Cedar & Sage');
    expect(mail?.text_body).toContain(owner.email);
    expect(mail?.text_body).toContain(`Omar Reyes (${email})`);
    expect(mail?.text_body).toContain('The flowers arrived wilted');
    expect(((await reviews(owner)).body as ReviewsAnswer).data.map((r) => r.id)).toEqual([id]);
    expectProblem(await agent(ctx).post(`/api/reviews/${id}/report`).set('Authorization', `Bearer ${owner.accessToken}`).send({ reason: 'because' }), 400);

    // A team member reads reviews (their role may), but the reply and the report follow the role's rules.
    expect((await reviews(member)).status).toBe(200);

    // The owner's address is not verified: support is told, and no confirmation goes there.
    expect(mail?.text_body).toContain(`${owner.email}, an address not verified yet`);
    expect(mail?.text_body).toContain('Reason: It is about another event or vendor. Note: We delivered on time');
    expect((await outboxFor(ctx, owner.email)).filter((m) => m.subject.startsWith('We received your report'))).toEqual([]);

    const stranger = await aVendor(ctx, { city: freshCity(ctx) });
    expectProblem(await agent(ctx).put(`/api/reviews/${id}/reply`).set('Authorization', `Bearer ${stranger.accessToken}`).send({ body: 'Not mine' }), 404);
    expectProblem(await agent(ctx).post(`/api/reviews/${id}/report`).set('Authorization', `Bearer ${stranger.accessToken}`).send({ reason: 'offensive' }), 404);
    expect(((await reviews(stranger)).body as ReviewsAnswer).summary.count).toBe(0);
  });

  /** A completed booking of a new florist reviewed one star, with the florist signed in again; returns the review's id. */
  async function aReviewOf(florist: Seller): Promise<string> {
    const { token, quote } = await aCompletedQuote(ctx, florist, { customer: { name: 'Ivy Moss' } });
    await signInAgain(ctx, florist);
    expect((await review(token, quote.id, { rating: 1, body: 'Nobody came, and nobody answered the phone.' })).status).toBe(201);
    return (((await reviews(florist)).body as ReviewsAnswer).data[0]?.id ?? '') as string;
  }
  const report = (seller: SessionBody, id: string, body: object = { reason: 'not-a-client' }) =>
    agent(ctx).post(`/api/reviews/${id}/report`).set('Authorization', `Bearer ${seller.accessToken}`).send(body);
  const reportMails = async (businessName: string) =>
    (await outboxFor(ctx, 'support@example.com')).filter((mail) => mail.subject === `Review reported by ${businessName}`);

  it('when a business reports a review again, also at once, then each answer is the first report’s 202 and support is mailed once; the list says when it was reported and the reporter is sent a confirmation', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx), businessName: 'Thistle & Twine' });
    await verifyAddress(ctx, florist);
    const id = await aReviewOf(florist);

    const sentAt = ctx.clock.now();
    const first = await report(florist, id, { reason: 'not-a-client', note: 'We have no booking under this name.' });
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const reportedAt = (first.body as { data: { reportedAt: number } }).data.reportedAt;
    expect(first.body).toEqual({ data: { reported: true, reportedAt: expect.any(Number) } });
    expect(reportedAt).toBeGreaterThanOrEqual(sentAt);
    expect(reportedAt).toBeLessThanOrEqual(ctx.clock.now());
    ctx.advanceClock(60_000);
    const again = await Promise.all([report(florist, id, { reason: 'offensive' }), report(florist, id), report(florist, id, { reason: 'personal-data' })]);
    expect(again.map((res) => [res.status, res.body])).toEqual(Array.from({ length: 3 }, () => [202, { data: { reported: true, reportedAt } }]));

    expect(await reportMails('Thistle & Twine')).toHaveLength(1);
    const stored = await ctx.database.db.selectFrom('review_reports').select(['reason', 'note', 'created_at']).where('review_id', '=', id).execute();
    expect(stored.map((row) => ({ ...row, created_at: Number(row.created_at) }))).toEqual([
      { reason: 'not-a-client', note: 'We have no booking under this name.', created_at: reportedAt },
    ]);
    expect(((await reviews(florist)).body as ReviewsAnswer).data.map((r) => r.reportedAt)).toEqual([reportedAt]);
    const replied = await agent(ctx)
      .put(`/api/reviews/${id}/reply`)
      .set('Authorization', `Bearer ${florist.accessToken}`)
      .send({ body: 'We are looking into it.' });
    expect(replied.body.data.reportedAt).toBe(reportedAt);

    const [confirmation, ...more] = (await outboxFor(ctx, florist.email)).filter((mail) => mail.subject.startsWith('We received your report'));
    expect(more).toEqual([]);
    expect(confirmation?.subject).toBe("We received your report of Ivy Moss's review");
    expect(confirmation?.text_body).toContain(`Support will look at it and answer you at ${florist.email}.`);
    expect(confirmation?.text_body).toContain('Your reason: This person was not our client. Your note: We have no booking under this name.');
    expect(confirmation?.text_body).toContain('http://127.0.0.1:3000/reviews');
  });

  it('when one person sends more than 10 reports in an hour, then the next is 429 with Retry-After; refused bodies do not count, and support heard of the review once', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx), businessName: 'Larch & Lily' });
    const id = await aReviewOf(florist);
    expectProblem(await report(florist, id, { reason: 'because' }), 400, 'validation-failed');
    for (let n = 1; n <= 10; n += 1) expect((await report(florist, id)).status).toBe(202);

    const limited = await report(florist, id);
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await reportMails('Larch & Lily')).toHaveLength(1);
  });

  it('when a business had reported a review more than once before the rule, then migration 032 keeps its first report with every later reason and note in it', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const id = await aReviewOf(florist);
    const vendorId = florist.vendor.vendor_id;
    const base = { review_id: id, vendor_id: vendorId, user_id: 'u-1' };
    await migrateOver(ctx, '032-one-report-per-review', (db) =>
      db
        .insertInto('review_reports')
        .values([
          { ...base, id: 'r-3', reason: 'personal-data', note: 'It names our driver.', created_at: 3_000 },
          { ...base, id: 'r-1', reason: 'not-a-client', note: 'No booking under this name.', created_at: 1_000 },
          { ...base, id: 'r-2', reason: 'offensive', note: null, created_at: 2_000 },
        ])
        .execute(),
    );

    expect(await ctx.database.db.selectFrom('review_reports').select(['id', 'reason', 'note']).where('review_id', '=', id).execute()).toEqual([
      {
        id: 'r-1',
        reason: 'not-a-client',
        note: 'No booking under this name.\n\nReported again (offensive)\n\nReported again (personal-data): It names our driver.',
      },
    ]);
    expect((await report(florist, id)).body).toEqual({ data: { reported: true, reportedAt: 1_000 } });
  });
});
