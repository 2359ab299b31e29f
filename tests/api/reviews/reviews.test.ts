import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aBookedQuote, aBusinessWithMember, aCompletedQuote, aVendor } from '../../support/api/builders';
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
}

interface ReviewsAnswer {
  data: ReviewBody[];
  summary: { average: number | null; count: number; distribution: Record<string, number> };
  nextCursor: string | null;
}

const GOOD = 'They were wonderful from the first call to the last petal.';

/**
 * Reviews (README: Reviews): only a completed booking, through the couple's link, once; the
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

    const stranger = await aVendor(ctx, { city: freshCity(ctx) });
    expectProblem(await agent(ctx).put(`/api/reviews/${id}/reply`).set('Authorization', `Bearer ${stranger.accessToken}`).send({ body: 'Not mine' }), 404);
    expectProblem(await agent(ctx).post(`/api/reviews/${id}/report`).set('Authorization', `Bearer ${stranger.accessToken}`).send({ reason: 'offensive' }), 404);
    expect(((await reviews(stranger)).body as ReviewsAnswer).summary.count).toBe(0);
  });
});
