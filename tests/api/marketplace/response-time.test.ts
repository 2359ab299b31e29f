import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MIN_ANSWERED, responseStats, usualResponseHours } from '../../../server/quotes';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { advanceDays, advanceMinutes, DAY_MS } from '../../support/api/clock';
import { agent } from '../../support/api/http';
import { businessOf, declineQuote, freshCity, matchOf, saveForm, signInAgain, storedQuote, submitQuote, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const MINUTE_MS = 60_000;

interface ResponseTimeBody {
  medianMinutes: number | null;
  responseRate: number | null;
  answered: number;
  leads: number;
}

/**
 * The business's response time (docs/marketplace.md, Response time): each lead records the first
 * answer (a quote, a decline, a message the business wrote; never an auto-response), and the
 * dashboard's summary gives the median wait and the share answered over the last 90 days.
 */
describe.each(TEST_DATABASES)('response time on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      database: kind,
      // The clock moves by hours here: tokens outlive that (a session still ends after days).
      accessTtlSeconds: 2 * 86_400,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A lead sent to `seller` alone: its potential match. */
  async function aLead(seller: Seller) {
    const { request, token } = await aConfirmedRequest(ctx, { location: freshCity(ctx), vendorId: businessOf(seller) });
    return { match: await matchOf(ctx, seller, request.id), token };
  }

  /** How long the quote's first answer took, in ms (null while unanswered). */
  async function firstResponseWait(quoteId: string): Promise<number | null> {
    const row = await storedQuote(ctx, quoteId);
    return row.first_response_at === null ? null : Number(row.first_response_at) - Number(row.created_at);
  }

  const vendorWrites = (seller: Seller, quoteId: string, body: string) =>
    agent(ctx).post(`/api/quotes/${quoteId}/messages`).set('Authorization', `Bearer ${seller.accessToken}`).send({ body });

  async function responseTimeOf(seller: Seller): Promise<ResponseTimeBody> {
    const res = await agent(ctx).get('/api/quotes/summary').set('Authorization', `Bearer ${seller.accessToken}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: { responseTime: ResponseTimeBody } }).data.responseTime;
  }

  /** Publishes a message of the business as the messages module does (a written one can only follow a quote or decline through the API). */
  async function publishVendorMessage(seller: Seller, quoteId: string, requestId: string, automatic: boolean): Promise<void> {
    await ctx.database.writeTransaction((trx) =>
      ctx.deps.events.publish(trx, 'message.created', {
        messageId: randomUUID(),
        quoteId,
        requestId,
        vendorId: businessOf(seller),
        from: 'vendor',
        automatic,
        body: 'Hello!',
        customerName: 'Jordan Avery',
        customerEmail: 'jordan@example.com',
        mailTeam: false,
      }),
    );
  }

  describe('recording the first answer', () => {
    it('when a match is quoted 2 hours after it came in, then its first answer is the quote, and a later message does not move it', async () => {
      const florist = await aVendor(ctx);
      const { match } = await aLead(florist);
      expect(await firstResponseWait(match.id)).toBeNull();

      await advanceMinutes(ctx, 120);
      expect((await submitQuote(ctx, florist, match)).status).toBe(200);
      const answered = (await storedQuote(ctx, match.id)).first_response_at;
      await advanceMinutes(ctx, 30);
      expect((await vendorWrites(florist, match.id, 'One more thing: we also do boutonnieres.')).status).toBe(201);

      expect((await storedQuote(ctx, match.id)).first_response_at).toBe(answered);
      const wait = await firstResponseWait(match.id);
      expect(wait).toBeGreaterThanOrEqual(120 * MINUTE_MS);
      expect(wait).toBeLessThan(121 * MINUTE_MS);
    });

    it('when a match is declined, then the decline is its first answer', async () => {
      const florist = await aVendor(ctx);
      const { match } = await aLead(florist);

      await advanceMinutes(ctx, 45);
      expect((await declineQuote(ctx, florist, match.id, { reason: 'Booked that weekend' })).status).toBe(200);

      const wait = await firstResponseWait(match.id);
      expect(wait).toBeGreaterThanOrEqual(45 * MINUTE_MS);
      expect(wait).toBeLessThan(46 * MINUTE_MS);
    });

    it('when the business has an auto-response, then the match starts with its message but no answer, until the business quotes', async () => {
      const florist = await aVendor(ctx);
      await saveForm(ctx, florist, 'auto-response-florist', { enabled: true, message: 'Thank you, {customer_name}! We will be in touch.' });
      const { match } = await aLead(florist);
      expect(await ctx.database.db.selectFrom('messages').select('automatic').where('quote_id', '=', match.id).execute()).toEqual([{ automatic: 1 }]);
      expect(await firstResponseWait(match.id)).toBeNull();

      await advanceMinutes(ctx, 90);
      expect((await submitQuote(ctx, florist, match)).status).toBe(200);

      expect(await firstResponseWait(match.id)).toBeGreaterThanOrEqual(90 * MINUTE_MS);
    });

    it('when the business writes to the couple before quoting, then the message is the first answer; an automatic one is not, and the quote after it does not move it', async () => {
      const florist = await aVendor(ctx);
      const { match } = await aLead(florist);

      await advanceMinutes(ctx, 10);
      await publishVendorMessage(florist, match.id, match.requestId, true);
      expect(await firstResponseWait(match.id)).toBeNull();
      await advanceMinutes(ctx, 10);
      await publishVendorMessage(florist, match.id, match.requestId, false);
      await advanceMinutes(ctx, 60);
      expect((await submitQuote(ctx, florist, match)).status).toBe(200);

      const wait = await firstResponseWait(match.id);
      expect(wait).toBeGreaterThanOrEqual(20 * MINUTE_MS);
      expect(wait).toBeLessThan(21 * MINUTE_MS);
    });
  });

  describe('the summary of the last 90 days', () => {
    it('when no lead came in, then nothing is divided: the median and the rate are null', async () => {
      const florist = await aVendor(ctx);

      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: null, responseRate: null, answered: 0, leads: 0 });
    });

    it('when leads came in and none is answered yet, then the rate is 0 and the median null', async () => {
      const florist = await aVendor(ctx);
      await aLead(florist);
      await aLead(florist);

      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: null, responseRate: 0, answered: 0, leads: 2 });
    });

    it('when some leads are answered, then the rate counts the answered ones of all, and the median is the middle wait (the mean of the two middle ones for an even count)', async () => {
      const florist = await aVendor(ctx);
      const leads = [await aLead(florist), await aLead(florist), await aLead(florist), await aLead(florist), await aLead(florist)];
      const [first, second, third, fourth] = leads.map((lead) => lead.match);
      if (!first || !second || !third || !fourth) throw new Error('five leads expected');

      await advanceMinutes(ctx, 30);
      expect((await submitQuote(ctx, florist, first)).status).toBe(200);
      await advanceMinutes(ctx, 60);
      expect((await declineQuote(ctx, florist, second.id)).status).toBe(200);
      await advanceMinutes(ctx, 150);
      expect((await submitQuote(ctx, florist, third)).status).toBe(200);
      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: 90, responseRate: 3 / 5, answered: 3, leads: 5 });

      await advanceMinutes(ctx, 360);
      expect((await submitQuote(ctx, florist, fourth)).status).toBe(200);
      // Waits of 30, 90, 240 and 600 minutes: the median is (90 + 240) / 2.
      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: 165, responseRate: 4 / 5, answered: 4, leads: 5 });
    });

    it('when leads are more than 90 days old, then they leave the figures; one of 89 days still counts', async () => {
      const florist = await aVendor(ctx);
      /** Moves the clock by days (past the session's life) and signs the business in again. */
      const later = async (days: number) => {
        await advanceDays(ctx, days);
        await signInAgain(ctx, florist);
      };
      const old = await aLead(florist);
      await advanceMinutes(ctx, 60);
      expect((await submitQuote(ctx, florist, old.match)).status).toBe(200);
      await later(30);
      const recent = await aLead(florist);

      await later(59);
      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: 60, responseRate: 1 / 2, answered: 1, leads: 2 });
      await later(2);
      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: null, responseRate: 0, answered: 0, leads: 1 });
      expect((await storedQuote(ctx, recent.match.id)).status).toBe('closed');
      await later(30);
      expect(await responseTimeOf(florist)).toEqual({ medianMinutes: null, responseRate: null, answered: 0, leads: 0 });
    });

    it("when another business answers, then it changes nothing in this business's figures", async () => {
      const city = freshCity(ctx);
      const mine = await aVendor(ctx, { city });
      const theirs = await aVendor(ctx, { city });
      const { request } = await aConfirmedRequest(ctx, { location: city });
      expect((await submitQuote(ctx, theirs, await matchOf(ctx, theirs, request.id))).status).toBe(200);

      expect(await responseTimeOf(mine)).toEqual({ medianMinutes: null, responseRate: 0, answered: 0, leads: 1 });
      expect(await responseTimeOf(theirs)).toEqual({ medianMinutes: 0, responseRate: 1, answered: 1, leads: 1 });
    });
  });

  describe("the public profile's figure", () => {
    it(`when fewer than ${String(PROFILE_MIN_ANSWERED)} leads are answered, then there is no "usually responds within"; from ${String(PROFILE_MIN_ANSWERED)}, the median rounded up to hours`, async () => {
      const florist = await aVendor(ctx);
      const leads = [];
      for (let i = 0; i < PROFILE_MIN_ANSWERED; i += 1) leads.push((await aLead(florist)).match);
      const since = ctx.clock.now() - DAY_MS;
      await advanceMinutes(ctx, 130);
      for (const lead of leads.slice(0, -1)) expect((await submitQuote(ctx, florist, lead)).status).toBe(200);

      const four = await responseStats(ctx.database.db, businessOf(florist), since);
      expect(four).toEqual({ medianMinutes: 130, responseRate: 4 / 5, answered: 4, leads: 5 });
      expect(usualResponseHours(four)).toBeNull();
      const last = leads.at(-1);
      if (!last) throw new Error('a lead expected');
      expect((await declineQuote(ctx, florist, last.id)).status).toBe(200);

      const five = await responseStats(ctx.database.db, businessOf(florist), since);
      expect(five).toMatchObject({ medianMinutes: 130, answered: 5, leads: 5 });
      expect(usualResponseHours(five)).toBe(3);
      expect(await responseStats(ctx.database.db, businessOf(florist), ctx.clock.now())).toEqual({
        medianMinutes: null,
        responseRate: null,
        answered: 0,
        leads: 0,
      });
    });
  });
});
