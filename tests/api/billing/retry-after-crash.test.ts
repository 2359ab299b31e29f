import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Billing } from '../../../shared/contracts/billing';
import { IDEMPOTENCY_LEASE_MS } from '../../../server/core/http/idempotency';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor, type SessionBody } from '../../support/api/http';
import { billingOf, buyPack, chargesOf, invoicesOf, webhookEvent, webhookSecretOf } from './support';
import { signWebhook } from '../../../server/billing';
import { addCard } from '../../support/api/billing';

/**
 * A purchase whose process was killed (issue 20): its Idempotency-Key is left `running` and its
 * payment turn held. Each test leaves the database as the killed process left it, then retries
 * as the vendor's browser does (the same key and body).
 */
describe.each(TEST_DATABASES)('a purchase retried after its process died, on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Access tokens outlive the week the clock moves here.
    ctx = await createTestContext({ database: kind, accessTtlSeconds: 30 * 86_400 });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** What the killed process left: the key running on its lease, the business's payment turn held (both from now). */
  async function killedWhileRunning(session: SessionBody, key: string): Promise<void> {
    const now = ctx.clock.now();
    await ctx.database.db
      .updateTable('idempotency_keys')
      .set({ state: 'running', status: null, body: null, lease_until: now + IDEMPOTENCY_LEASE_MS })
      .where('scope', '=', session.vendor.id)
      .where('key', '=', key)
      .execute();
    await ctx.database.db
      .updateTable('billing_accounts')
      .set({ busy_until: now + 60_000 })
      .where('vendor_id', '=', session.vendor.vendor_id)
      .execute();
  }

  /**
   * A business with a card and a first run of `key` killed while it ran. The first run is made
   * to get as far as keeping its request's fingerprint (a 402: no card yet); the key is then
   * turned back into a running one.
   */
  async function firstRunKilled(key: string): Promise<SessionBody> {
    const session = await registerVendor(ctx);
    expectProblem(await buyPack(ctx, session, 'pack-10', key), 402, 'payment-method-required');
    await addCard(ctx, session);
    await killedWhileRunning(session, key);
    return session;
  }

  it('when the process died before charging, then the retry is a 409 until the lease runs out, then a 201 that charges once; the next retry replays it', async () => {
    const session = await firstRunKilled('killed-before-charge');

    const early = await buyPack(ctx, session, 'pack-10', 'killed-before-charge');
    expectProblem(early, 409, 'conflict');
    expect(early.headers['retry-after']).toBe('1');

    ctx.advanceClock(IDEMPOTENCY_LEASE_MS + 1_000);
    const retry = await buyPack(ctx, session, 'pack-10', 'killed-before-charge');
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect((retry.body as { data: Billing }).data.credits).toBe(20);
    expect(await chargesOf(ctx, session.vendor.vendor_id)).toHaveLength(1);

    const again = await buyPack(ctx, session, 'pack-10', 'killed-before-charge');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect((await billingOf(ctx, session)).credits).toBe(20);
  });

  /** A draft invoice the dead run made for its request (`attempts` charges started), as drafting writes it. */
  async function strandedDraft(session: SessionBody, key: string, attempts: number): Promise<string> {
    const now = ctx.clock.now();
    const id = `in_crash${Math.random()
      .toString(36)
      .slice(2, 14)
      .replace(/[^a-z0-9]/g, 'x')}`;
    await ctx.database.db
      .insertInto('invoices')
      .values({
        id,
        vendor_id: session.vendor.vendor_id,
        kind: 'credits',
        status: 'draft',
        description: '10 lead credits',
        amount_cents: 2500,
        currency: 'usd',
        plan_id: null,
        plan_name: null,
        pack_id: 'pack-10',
        credits: 10,
        period_start: null,
        period_end: null,
        attempts,
        settled_attempt: 0,
        dunning_step: 0,
        next_attempt_at: null,
        charge_id: null,
        card_brand: null,
        card_last4: null,
        failure_reason: null,
        paid_at: null,
        request_key: key,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  it('when the process died with its charge on the way, then the retry after the lease charges that invoice under the same provider key: one charge, one grant, no second invoice', async () => {
    const session = await firstRunKilled('killed-mid-charge');
    const id = await strandedDraft(session, 'killed-mid-charge', 1);

    ctx.advanceClock(IDEMPOTENCY_LEASE_MS + 1_000);
    const retry = await buyPack(ctx, session, 'pack-10', 'killed-mid-charge');
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);

    const charges = await chargesOf(ctx, session.vendor.vendor_id);
    expect(charges.map((c) => c.idempotency_key)).toEqual([`${id}:1`]);
    expect((await invoicesOf(ctx, session)).data.map((invoice) => ({ id: invoice.id, status: invoice.status }))).toEqual([{ id, status: 'paid' }]);
    await ctx.jobs.runDue();
    expect((await billingOf(ctx, session)).credits).toBe(20);
  });

  it("when the provider's webhook settled the dead run's charge first, then the retry answers the business as it stands and charges nothing", async () => {
    const session = await firstRunKilled('settled-by-webhook');
    const id = await strandedDraft(session, 'settled-by-webhook', 1);
    const account = await ctx.database.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('vendor_id', '=', session.vendor.vendor_id)
      .executeTakeFirstOrThrow();
    const seconds = Math.floor(ctx.clock.now() / 1000);
    const body = webhookEvent({
      id: `evt_${id.slice(3)}`,
      type: 'invoice.paid',
      customer: account.customer_id ?? '',
      amount: 2500,
      metadata: { invoiceId: id, vendorId: session.vendor.vendor_id, attempt: '1', trigger: 'vendor', cardBrand: 'visa', cardLast4: '4242' },
      createdSeconds: seconds,
    });
    const delivered = await agent(ctx)
      .post('/api/billing/webhooks')
      .set('Content-Type', 'application/json')
      .set('Sandbox-Signature', signWebhook(body, webhookSecretOf(ctx), seconds))
      .send(body);
    expect(delivered.status).toBe(200);
    await ctx.jobs.runDue();
    expect((await billingOf(ctx, session)).credits).toBe(20);

    ctx.advanceClock(IDEMPOTENCY_LEASE_MS + 1_000);
    const retry = await buyPack(ctx, session, 'pack-10', 'settled-by-webhook');
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect((retry.body as { data: Billing }).data.credits).toBe(20);
    expect(await chargesOf(ctx, session.vendor.vendor_id)).toEqual([]);
  });

  it('when a key is used again after its day is over, then it is a new purchase, whatever an old invoice of that key says', async () => {
    const session = await registerVendor(ctx);
    await addCard(ctx, session);
    expect((await buyPack(ctx, session, 'pack-10', 'reused-next-week')).status).toBe(201);
    ctx.advanceClock(7 * 86_400_000);
    await ctx.jobs.runDue();
    const later = await buyPack(ctx, session, 'pack-10', 'reused-next-week');
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await chargesOf(ctx, session.vendor.vendor_id)).toHaveLength(2);
  });
});
