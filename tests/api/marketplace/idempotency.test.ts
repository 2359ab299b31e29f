import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS } from '../../../server/core/http/idempotency';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { expectProblem, outboxFor } from '../../support/api/http';
import {
  adjustCredits,
  declineQuote,
  freshCity,
  getQuote,
  ledgerRows,
  matchOf,
  storedCredits,
  storedQuote,
  submitQuote,
  type Seller,
} from '../../support/api/marketplace';
import { aBusinessWithMember, aConfirmedRequest, aVendor } from '../../support/api/builders';

/**
 * `Idempotency-Key` on the quote's state-changing POSTs (docs/marketplace.md): the same key and
 * body answer the first answer again and do nothing twice; another body is a 422; while the
 * first still runs, a 409.
 */
describe.each(TEST_DATABASES)('Idempotency-Key on submit and decline on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A florist with a fresh match, and the couple's email. */
  async function matched(): Promise<{ florist: Seller; match: Awaited<ReturnType<typeof matchOf>>; email: string }> {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { request, email } = await aConfirmedRequest(ctx, { location: city });
    return { florist, match: await matchOf(ctx, florist, request.id), email };
  }

  const quoteMails = async (email: string) => (await outboxFor(ctx, email)).filter((m) => m.subject.endsWith('sent you a quote'));

  it('when a submit is retried with the same key and body, then the first answer is replayed (Idempotent-Replayed) and credits are spent once', async () => {
    const { florist, match, email } = await matched();

    const first = await submitQuote(ctx, florist, match, {}, 'submit-retry-1');
    const again = await submitQuote(ctx, florist, match, {}, 'submit-retry-1');

    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await ledgerRows(ctx, florist)).filter((e) => e.reason === 'lead')).toHaveLength(1);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
    expect(await quoteMails(email)).toHaveLength(1);
    const history = (await getQuote(ctx, florist, match.id)).body.data.history as { status: string }[];
    expect(history.filter((h) => h.status === 'submitted')).toHaveLength(1);
  });

  it('when the same key comes with another body, then 422 idempotency-mismatch and the first quote stands', async () => {
    const { florist, match } = await matched();
    expect((await submitQuote(ctx, florist, match, { priceCents: 120000 }, 'submit-mismatch')).status).toBe(200);

    const other = await submitQuote(ctx, florist, match, { priceCents: 99000 }, 'submit-mismatch');

    expectProblem(other, 422, 'idempotency-mismatch');
    expect(Number((await storedQuote(ctx, match.id)).price_cents)).toBe(120000);
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
  });

  it('when a request with the key is still running, then 409 with Retry-After and nothing is done', async () => {
    const { florist, match } = await matched();
    // A first attempt that did nothing (402) leaves its key with this request's fingerprint; set
    // back to running without an answer, it is what a first attempt still under way looks like.
    await adjustCredits(ctx, florist, -10);
    expect((await submitQuote(ctx, florist, match, {}, 'submit-in-flight')).status).toBe(402);
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', status: null, body: null })
      .where('scope', '=', florist.vendor.id)
      .where('key', '=', 'submit-in-flight')
      .execute();
    await adjustCredits(ctx, florist, 10);

    const res = await submitQuote(ctx, florist, match, {}, 'submit-in-flight');

    expectProblem(res, 409, 'conflict');
    expect(res.headers['retry-after']).toBe('1');
    expect((await storedQuote(ctx, match.id)).status).toBe('potential');
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 10, ledger: 10 });
    expect((await ledgerRows(ctx, florist)).filter((e) => e.reason === 'lead')).toEqual([]);
  });

  it('when the process running a submit died, then its key is a 409 until its lease runs out, and the retry after it submits once', async () => {
    const { florist, match } = await matched();
    // As above: a first attempt that kept its fingerprint, set back to running as a killed process leaves it.
    await adjustCredits(ctx, florist, -10);
    expect((await submitQuote(ctx, florist, match, {}, 'submit-killed')).status).toBe(402);
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', status: null, body: null, lease_until: ctx.clock.now() + IDEMPOTENCY_LEASE_MS })
      .where('scope', '=', florist.vendor.id)
      .where('key', '=', 'submit-killed')
      .execute();
    await adjustCredits(ctx, florist, 10);
    expectProblem(await submitQuote(ctx, florist, match, {}, 'submit-killed'), 409, 'conflict');

    ctx.advanceClock(IDEMPOTENCY_LEASE_MS + 1_000);
    const retry = await submitQuote(ctx, florist, match, {}, 'submit-killed');
    const replay = await submitQuote(ctx, florist, match, {}, 'submit-killed');

    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect((await storedQuote(ctx, match.id)).status).toBe('submitted');
    expect((await ledgerRows(ctx, florist)).filter((e) => e.reason === 'lead')).toHaveLength(1);
  });

  it('when two submits with the same key race, then the quote is submitted once and the other answer is a replay or a 409', async () => {
    const { florist, match } = await matched();

    const answers = await Promise.all([submitQuote(ctx, florist, match, {}, 'submit-race'), submitQuote(ctx, florist, match, {}, 'submit-race')]);

    const fresh = answers.filter((res) => res.status === 200 && res.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const res of answers.filter((r) => r !== fresh[0])) expect([200, 409]).toContain(res.status);
    expect((await ledgerRows(ctx, florist)).filter((e) => e.reason === 'lead')).toHaveLength(1);
  });

  it("when a team member sends the owner's key, then it is not the owner's answer: the member's request runs on its own", async () => {
    const { florist, match } = await matched();
    const { member } = await aBusinessWithMember(ctx, { owner: florist });
    expect((await submitQuote(ctx, florist, match, {}, 'shared-key')).status).toBe(200);

    const res = await submitQuote(ctx, member, match, {}, 'shared-key');

    expectProblem(res, 409, 'conflict');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedCredits(ctx, florist)).toEqual({ balance: 9, ledger: 9 });
  });

  it('when a decline is retried with the same key, then it is replayed and recorded once; another reason with that key is a 422', async () => {
    const { florist, match } = await matched();

    const first = await declineQuote(ctx, florist, match.id, { reason: 'On holiday' }, 'decline-1');
    const again = await declineQuote(ctx, florist, match.id, { reason: 'On holiday' }, 'decline-1');
    const other = await declineQuote(ctx, florist, match.id, { reason: 'Too far' }, 'decline-1');

    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expectProblem(other, 422, 'idempotency-mismatch');
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'closed', decline_reason: 'On holiday' });
    const history = (await getQuote(ctx, florist, match.id)).body.data.history as { status: string }[];
    expect(history.map((h) => h.status)).toEqual(['potential', 'closed']);
  });

  it('when the key is not 1 to 255 visible characters, then 400 and nothing is done', async () => {
    const { florist, match } = await matched();

    const res = await submitQuote(ctx, florist, match, {}, 'k'.repeat(256));

    expectProblem(res, 400, 'validation-failed');
    expect((await storedQuote(ctx, match.id)).status).toBe('potential');
  });
});
