import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, outboxFor, registerVendor, type SessionBody } from '../../support/api/http';
import {
  adjustCredits,
  businessOf,
  freshCity,
  ledgerRows,
  matchOf,
  postRequest,
  quotesOf,
  storedCredits,
  storedQuote,
  submitQuote,
} from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aBusinessWithMember, aConfirmedRequest, aVendor } from '../../support/api/builders';

interface CreditsBody {
  balance: number;
  entries: { id: string; delta: number; reason: string; quoteId?: string; note?: string; balanceAfter: number; createdAt: number }[];
  nextCursor: string | null;
}

/**
 * Lead credits as a ledger (docs/marketplace.md, Lead cost and refunds): every change is a row,
 * the balance is their sum and never below zero, and a spend is one conditional statement in the
 * quote's transaction.
 */
describe.each(TEST_DATABASES)('credits on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function credits(session: SessionBody): Promise<CreditsBody> {
    const res = await agent(ctx).get('/api/credits').set('Authorization', `Bearer ${session.accessToken}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: CreditsBody }).data;
  }

  it("when a business registers, then it is granted plans.json's trialCredits as one ledger row", async () => {
    const plans = await agent(ctx).get('/api/config/plans');
    const trial = (plans.body as { trialCredits: number }).trialCredits;
    expect(trial).toBe(10);

    const owner = await registerVendor(ctx);

    expect(await credits(owner)).toEqual({
      balance: trial,
      nextCursor: null,
      entries: [{ id: expect.any(String), delta: trial, reason: 'trial', note: expect.any(String), balanceAfter: trial, createdAt: expect.any(Number) }],
    });
    expect(await ledgerRows(ctx, owner)).toEqual([{ delta: trial, reason: 'trial', quoteId: null, note: expect.any(String) }]);
    expect(await storedCredits(ctx, owner)).toEqual({ balance: trial, ledger: trial });
  });

  it('when credits are spent, refunded and adjusted, then the balance is always the sum of the ledger, stored and shown', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const first = await aConfirmedRequest(ctx, { location: city });
    const second = await aConfirmedRequest(ctx, { location: city });

    ctx.advanceClock(1_000);
    expect((await submitQuote(ctx, florist, await matchOf(ctx, florist, first.request.id))).body.credits).toEqual({ balance: 9 });
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
    ctx.advanceClock(1_000);
    expect((await submitQuote(ctx, florist, await matchOf(ctx, florist, second.request.id))).body.credits).toEqual({ balance: 8 });
    ctx.advanceClock(1_000);
    expect((await agent(ctx).post(`/api/public/requests/${second.token}/withdraw`)).status).toBe(200);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
    // A second apart, so the ledger's newest-first order is the order they happened in.
    ctx.advanceClock(1_000);
    await adjustCredits(ctx, florist, 5);
    ctx.advanceClock(1_000);
    await adjustCredits(ctx, florist, -3);

    const shown = await credits(florist);
    expect(shown.entries.map((e) => [e.reason, e.delta])).toEqual([
      ['adjustment', -3],
      ['adjustment', 5],
      ['refund', 1],
      ['lead', -1],
      ['lead', -1],
      ['trial', 10],
    ]);
    expect(shown.balance).toBe(11);
    expect(shown.entries.reduce((sum, e) => sum + e.delta, 0)).toBe(shown.balance);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 11, ledger: 11 });
  });

  it('when the balance does not cover the lead cost, then 402 insufficient-credits and nothing changes: no spend, no quote, no mail, no refund check', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, email } = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, florist, request.id);
    await adjustCredits(ctx, florist, -10);
    const ledgerBefore = await ledgerRows(ctx, florist);

    const res = await submitQuote(ctx, florist, match);

    const body = expectProblem(res, 402, 'insufficient-credits');
    expect(body.detail).toBe('Quoting this request takes 1 credit and you have 0. Buy more credits to send it.');
    expect(JSON.stringify(res.body)).not.toContain(email);
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'potential', price_cents: null, message: null, submitted_at: null });
    expect(await ledgerRows(ctx, florist)).toEqual(ledgerBefore);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 0, ledger: 0 });
    expect((await outboxFor(ctx, email)).filter((m) => m.subject.endsWith('sent you a quote'))).toEqual([]);
    expect(
      await ctx.database.db.selectFrom('jobs').select('id').where('name', '=', 'quotes.refund-unopened').where('dedupe_key', '=', match.id).execute(),
    ).toEqual([]);
    expect((await matchOf(ctx, florist, request.id)).customer.email).toBeUndefined();

    await adjustCredits(ctx, florist, 1);
    expect((await submitQuote(ctx, florist, match)).status).toBe(200);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 0, ledger: 0 });
  });

  it('when a category costs more than one credit (catering: 2), then quoting spends that and a balance of 1 is not enough', async () => {
    const city = freshCity(ctx);
    const caterer = await aVendor(ctx, { city, category: 'catering' });
    const first = await aConfirmedRequest(ctx, { category: 'catering', location: city });
    const second = await aConfirmedRequest(ctx, { category: 'catering', location: city });
    const match = await matchOf(ctx, caterer, first.request.id);
    expect(match.leadCost).toBe(2);

    const spent = await submitQuote(ctx, caterer, match);
    await adjustCredits(ctx, caterer, -7);
    const refused = await submitQuote(ctx, caterer, await matchOf(ctx, caterer, second.request.id));

    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    expect(spent.body.credits).toEqual({ balance: 8 });
    expect((await ledgerRows(ctx, caterer)).find((e) => e.reason === 'lead')).toMatchObject({ delta: -2, quoteId: match.id });
    expectProblem(refused, 402, 'insufficient-credits');
    expect(await storedCredits(ctx, caterer)).toEqual({ balance: 1, ledger: 1 });
  });

  it("when a team member quotes, then the business's credits are spent, and the member reads the same balance and ledger (abilities: manage Quote)", async () => {
    const city = freshCity(ctx);
    const owner = await aVendor(ctx, { city });
    const { member } = await aBusinessWithMember(ctx, { owner: owner });
    expect(member.vendor).toMatchObject({ role: 'client', vendor_id: businessOf(owner) });
    const { request, email } = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, member, request.id);

    const res = await submitQuote(ctx, member, match);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ data: { status: 'submitted', customer: { email } }, credits: { balance: 9 } });
    expect((await ledgerRows(ctx, owner)).map((e) => [e.reason, e.delta])).toEqual([
      ['trial', 10],
      ['lead', -1],
    ]);
    expect(await credits(member)).toEqual(await credits(owner));
    expect((await quotesOf(ctx, owner, 'submitted')).data.map((q) => q.id)).toEqual([match.id]);
  });

  it('when 50 submits race on a balance of 10 credits at cost 1, then exactly 10 are submitted, the balance is 0 and the ledger sums to it', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const requestIds: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const { res } = await postRequest(ctx, { location: city, eventDate: dayFromNow(ctx, 30 + i) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = (res.body as { data: { id: string } }).data.id;
      // The link the customer was mailed, made as the server makes it.
      const confirm = await agent(ctx).post(`/api/public/requests/${ctx.deps.links.sign('request', id)}/confirm`);
      expect(confirm.status).toBe(200);
      requestIds.push(id);
    }
    // Each confirm queued its request's matching.
    await ctx.jobs.runDue();
    const matches = (await quotesOf(ctx, florist, 'potential', { limit: '100' })).data;
    expect(matches).toHaveLength(50);

    const answers = await Promise.all(matches.map((match) => submitQuote(ctx, florist, match)));

    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 0, ledger: 0 });
    const leads = (await ledgerRows(ctx, florist)).filter((e) => e.reason === 'lead');
    expect(leads).toHaveLength(10);
    const submitted = await ctx.database.db
      .selectFrom('quotes')
      .select('id')
      .where('vendor_id', '=', businessOf(florist))
      .where('status', '=', 'submitted')
      .execute();
    expect(submitted.map((q) => q.id).sort()).toEqual(leads.map((e) => e.quoteId).sort());
    expect((await credits(florist)).balance).toBe(0);
    expect(
      answers
        .filter((res) => res.status === 200)
        .map((res) => res.body.credits.balance)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
