import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../../shared/billing/billing-period';
import { prorateChange } from '../../../shared/billing/proration';
import type { Billing } from '../../../shared/contracts/billing';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, outboxFor, registerVendor, type SessionBody } from '../../support/api/http';
import { signInAgain } from '../../support/api/marketplace';
import { billingOf, buyPack, chargesOf, invoicesOf, paymentStatusOf, webhookEvent, webhookSecretOf } from './support';
import { signWebhook } from '../../../server/billing';
import { CARDS, addCard, choosePlan, putCard, tokenFor, tokenise } from '../../support/api/billing';
import { DAY_MS, advanceDays } from '../../support/api/clock';
import { aBusinessWithMember, aVendorOnPlan } from '../../support/api/builders';

type Owner = SessionBody & { email: string; password: string };

/**
 * Billing (docs/billing.md; issue 15): plans, packs and cards on the sandbox provider, renewals
 * and dunning on the clock, idempotency, owner only. Every card number used here is also looked
 * for, and never found, in the log lines of the whole suite.
 */
describe.each(TEST_DATABASES)('billing on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Access tokens outlive the months the clock moves here.
    ctx = await createTestContext({ database: kind, accessTtlSeconds: 400 * 86_400 });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Moves the clock (running what falls due) and signs the owner in again: sessions end after 30 days. */
  async function later(days: number, session: Owner): Promise<void> {
    await advanceDays(ctx, days);
    await signInAgain(ctx, session);
  }

  async function owner(): Promise<Owner> {
    return registerVendor(ctx, { businessName: 'Crumb & Co' });
  }

  describe('the sandbox tokenises cards', () => {
    it('when 4242 4242 4242 4242 is given, then it answers a pm_ token with brand and last 4, and never the number', async () => {
      const res = await tokenise(ctx, CARDS.visa);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.stringMatching(/^pm_[A-Za-z0-9]+$/), brand: 'visa', last4: '4242' });
      expect(JSON.stringify(res.body)).not.toContain('4242424242424242');
    });

    it.each([
      ['a wrong check digit', { number: '4242 4242 4242 4241' }, 'number'],
      ['letters in the number', { number: '4242 abcd 4242 4242' }, 'number'],
      ['an expired card', { expMonth: 1, expYear: 2020 }, 'expMonth'],
      ['a month of 13', { expMonth: 13 }, 'expMonth'],
      ['a CVC of two digits', { cvc: '12' }, 'cvc'],
      ['no CVC', { cvc: undefined }, 'cvc'],
    ])('when the card has %s, then it is a 400 naming the field', async (_label, overrides, field) => {
      const res = await tokenise(ctx, CARDS.visa, overrides);
      const problem = expectProblem(res, 400, 'validation-failed');
      expect(problem.errors?.map((error) => error.path)).toContain(field);
    });

    it('when a real (non-test) card is given, then it is declined with 402 card-declined', async () => {
      expectProblem(await tokenise(ctx, CARDS.notATestCard), 402, 'card-declined');
    });
  });

  describe('a new business', () => {
    it('when it registers, then it is trialing with the trial credits, no plan and no card', async () => {
      const session = await owner();
      expect(await billingOf(ctx, session)).toMatchObject({
        plan: null,
        status: 'trialing',
        credits: 10,
        currentPeriodEnd: null,
        paymentMethod: null,
        cancelAtPeriodEnd: false,
        pendingPlan: null,
        currency: 'usd',
        openInvoice: null,
      });
    });
  });

  describe('the card', () => {
    it('when 4242 is attached, then billing shows its brand, last 4 and expiry', async () => {
      const session = await owner();
      const billing = await addCard(ctx, session);
      expect(billing.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    });

    it('when 0002 is attached, then it is a 402 card-declined and the card on file stays', async () => {
      const session = await owner();
      await addCard(ctx, session);
      const res = await putCard(ctx, session, await tokenFor(ctx, CARDS.declinedOnAttach));
      expectProblem(res, 402, 'card-declined');
      expect((await billingOf(ctx, session)).paymentMethod?.last4).toBe('4242');
    });

    it('when the token is unknown or not a token, then it is a 400 naming paymentMethodId', async () => {
      const session = await owner();
      expect(expectProblem(await putCard(ctx, session, 'pm_doesnotexist000000000'), 400).errors?.[0]?.path).toBe('paymentMethodId');
      expect(expectProblem(await putCard(ctx, session, '4242424242424242'), 400).errors?.[0]?.path).toBe('paymentMethodId');
      expect((await billingOf(ctx, session)).paymentMethod).toBeNull();
    });

    it("when another business's token is attached, then it is refused", async () => {
      const first = await owner();
      const token = await tokenFor(ctx, CARDS.visa);
      expect((await putCard(ctx, first, token)).status).toBe(200);
      const second = await owner();
      expectProblem(await putCard(ctx, second, token), 400);
    });
  });

  describe('plans', () => {
    it('when no card is on file, then choosing a plan is a 402 payment-method-required', async () => {
      const session = await owner();
      expectProblem(await choosePlan(ctx, session, 'starter'), 402, 'payment-method-required');
    });

    it('when the plan is unknown, then it is a 400 naming planId', async () => {
      const session = await owner();
      await addCard(ctx, session);
      expect(expectProblem(await choosePlan(ctx, session, 'platinum'), 400, 'validation-failed').errors?.[0]?.path).toBe('planId');
    });

    it('when a plan starts with 4242, then it is charged in full, active for a month, its credits granted on the ledger and a paid invoice kept', async () => {
      const session = await owner();
      await addCard(ctx, session);
      const before = ctx.clock.now();
      const res = await choosePlan(ctx, session, 'starter');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const billing = (res.body as { data: Billing }).data;
      expect(billing).toMatchObject({ plan: 'starter', status: 'active', credits: 20, paymentMethod: { brand: 'visa', last4: '4242' } });
      expect(billing.currentPeriodEnd).toBe(addMonths(billing.currentPeriodStart ?? 0, 1));
      expect(billing.currentPeriodStart).toBeGreaterThanOrEqual(before);
      expect(await paymentStatusOf(ctx, session)).toBe('active');

      const invoices = await invoicesOf(ctx, session);
      expect(invoices.data).toEqual([
        expect.objectContaining({
          kind: 'subscription',
          status: 'paid',
          amountCents: 2900,
          currency: 'usd',
          planId: 'starter',
          planName: 'Starter',
          credits: 10,
          card: { brand: 'visa', last4: '4242' },
          periodStart: billing.currentPeriodStart,
          periodEnd: billing.currentPeriodEnd,
        }),
      ]);
      expect(invoices.data[0]?.description).toMatch(/^Starter plan, /);
      const charges = await chargesOf(ctx, session.vendor.vendor_id);
      expect(charges.map((charge) => [charge.amount_cents, charge.status])).toEqual([[2900, 'succeeded']]);

      const credits = await agent(ctx).get('/api/credits').set('Authorization', `Bearer ${session.accessToken}`);
      expect(credits.body.data.entries[0]).toMatchObject({ delta: 10, reason: 'plan', balanceAfter: 20 });
    });

    it('when the card declines every charge (0341), then starting a plan is a 402 and nothing changes', async () => {
      const session = await owner();
      await addCard(ctx, session, CARDS.chargesFail);
      expectProblem(await choosePlan(ctx, session, 'professional'), 402, 'card-declined');
      expect(await billingOf(ctx, session)).toMatchObject({ plan: null, status: 'trialing', credits: 10, openInvoice: null });
      expect((await invoicesOf(ctx, session)).data).toEqual([]);
      expect(await paymentStatusOf(ctx, session)).toBe('trialing');
    });

    it('when the vendor is already on the plan, then choosing it again is a 409', async () => {
      const { vendor: session } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      expectProblem(await choosePlan(ctx, session, 'starter'), 409, 'conflict');
    });

    it('when a vendor upgrades mid-period, then the preview shows the prorated amount, that amount is charged now and the plan changes at once', async () => {
      const { vendor: session, billing } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      await later(10, session);
      const preview = await agent(ctx).get('/api/billing/plan-change').query({ planId: 'professional' }).set('Authorization', `Bearer ${session.accessToken}`);
      expect(preview.status).toBe(200);
      const expected = prorateChange({
        current: { id: 'starter', name: 'Starter', priceCents: 2900, interval: 'month' },
        next: { id: 'professional', name: 'Professional', priceCents: 7900, interval: 'month' },
        currency: 'usd',
        periodStart: billing.currentPeriodStart ?? 0,
        periodEnd: billing.currentPeriodEnd ?? 0,
        at: ctx.clock.now(),
      });
      expect(preview.body.data).toMatchObject({ change: 'upgrade', takesEffect: 'now' });
      // The server read its clock a moment after ours: within a cent.
      expect(Math.abs(preview.body.data.amountDueNowCents - expected.amountDueNowCents)).toBeLessThanOrEqual(1);

      const res = await choosePlan(ctx, session, 'professional');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ plan: 'professional', status: 'active', currentPeriodEnd: billing.currentPeriodEnd });
      const upgrade = (await invoicesOf(ctx, session)).data[0];
      expect(upgrade).toMatchObject({ kind: 'upgrade', status: 'paid', planId: 'professional' });
      expect(Math.abs((upgrade?.amountCents ?? 0) - expected.amountDueNowCents)).toBeLessThanOrEqual(1);
      // 25 more credits a month, for the two thirds of the month that are left.
      expect(res.body.data.credits).toBeGreaterThan(billing.credits + 10);
    });

    it('when a vendor downgrades, then nothing is charged now and the cheaper plan is billed from the period end', async () => {
      const { vendor: session, billing } = await aVendorOnPlan(ctx, { plan: 'professional', vendor: await owner() });
      const preview = await agent(ctx).get('/api/billing/plan-change').query({ planId: 'starter' }).set('Authorization', `Bearer ${session.accessToken}`);
      expect(preview.body.data).toMatchObject({ change: 'downgrade', takesEffect: 'period-end', amountDueNowCents: 0, effectiveAt: billing.currentPeriodEnd });
      const res = await choosePlan(ctx, session, 'starter');
      expect(res.body.data).toMatchObject({ plan: 'professional', pendingPlan: 'starter' });
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);

      await later(32, session);
      const after = await billingOf(ctx, session);
      expect(after).toMatchObject({ plan: 'starter', pendingPlan: null, status: 'active', currentPeriodStart: billing.currentPeriodEnd });
      const renewal = (await invoicesOf(ctx, session)).data[0];
      expect(renewal).toMatchObject({ kind: 'renewal', status: 'paid', amountCents: 2900, planId: 'starter', credits: 10 });
    });

    it('when a vendor cancels, then the plan runs to the period end, can be kept, and otherwise ends with the credits kept', async () => {
      const { vendor: session, billing } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      const canceled = await agent(ctx).delete('/api/billing/subscription').set('Authorization', `Bearer ${session.accessToken}`);
      expect(canceled.status).toBe(200);
      expect(canceled.body.data).toMatchObject({ plan: 'starter', status: 'active', cancelAtPeriodEnd: true });

      const kept = await choosePlan(ctx, session, 'starter');
      expect(kept.body.data).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false });
      await agent(ctx).delete('/api/billing/subscription').set('Authorization', `Bearer ${session.accessToken}`);

      await later(32, session);
      expect(await billingOf(ctx, session)).toMatchObject({ plan: null, status: 'canceled', credits: billing.credits, currentPeriodEnd: null });
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);
      const mails = await outboxFor(ctx, session.email);
      expect(mails.map((mail) => mail.subject)).toContain('Your Starter plan has ended');
      expectProblem(await agent(ctx).delete('/api/billing/subscription').set('Authorization', `Bearer ${session.accessToken}`), 409);
    });
  });

  describe('credit packs', () => {
    it('when a pack is bought, then it is a 201, the credits rise by the pack on the ledger and a paid invoice is kept', async () => {
      const session = await owner();
      await addCard(ctx, session);
      const res = await buyPack(ctx, session, 'pack-25');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.credits).toBe(35);
      expect((await invoicesOf(ctx, session)).data).toEqual([
        expect.objectContaining({ kind: 'credits', status: 'paid', amountCents: 5500, packId: 'pack-25', credits: 25, description: '25 lead credits' }),
      ]);
      const credits = await agent(ctx).get('/api/credits').set('Authorization', `Bearer ${session.accessToken}`);
      expect(credits.body.data.entries[0]).toMatchObject({ delta: 25, reason: 'purchase', balanceAfter: 35 });
    });

    it('when the pack is unknown, there is no card, or the card declines, then nothing is charged or granted', async () => {
      const session = await owner();
      expectProblem(await buyPack(ctx, session, 'pack-25'), 402, 'payment-method-required');
      await addCard(ctx, session, CARDS.insufficientFunds);
      expect(expectProblem(await buyPack(ctx, session, 'pack-1000'), 400).errors?.[0]?.path).toBe('packId');
      expectProblem(await buyPack(ctx, session, 'pack-10'), 402, 'card-declined');
      expect(await billingOf(ctx, session)).toMatchObject({ credits: 10 });
      expect((await invoicesOf(ctx, session)).data).toEqual([]);
    });
  });

  describe('renewals on the clock', () => {
    it('when the period ends and the card pays, then a renewal invoice is paid, the next period starts and its credits are granted', async () => {
      const { vendor: session, billing } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      await later(31, session);
      const after = await billingOf(ctx, session);
      expect(after).toMatchObject({ status: 'active', plan: 'starter', currentPeriodStart: billing.currentPeriodEnd, credits: billing.credits + 10 });
      expect(after.currentPeriodEnd).toBe(addMonths(billing.currentPeriodEnd ?? 0, 1));
      expect((await invoicesOf(ctx, session)).data.map((invoice) => [invoice.kind, invoice.status])).toEqual([
        ['renewal', 'paid'],
        ['subscription', 'paid'],
      ]);
    });

    it('when the renewal fails, then the vendor is payment_failed with an open invoice and mailed; retries after 3 and 5 days fail too and the plan ends', async () => {
      const { vendor: session, billing } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      await addCard(ctx, session, CARDS.chargesFail);
      const due = billing.currentPeriodEnd ?? 0;
      await later(31, session);

      const failed = await billingOf(ctx, session);
      expect(failed).toMatchObject({
        status: 'payment_failed',
        credits: billing.credits,
        openInvoice: { kind: 'renewal', status: 'open', amountCents: 2900, attempts: 1, nextAttemptAt: due + 3 * DAY_MS },
      });
      expect(await paymentStatusOf(ctx, session)).toBe('payment_failed');
      const firstMail = (await outboxFor(ctx, session.email)).find((mail) => mail.subject === 'Your Starter plan payment failed');
      expect(firstMail?.text_body).toContain('/update-payment-method');
      expect(firstMail?.text_body).toContain('$29.00');
      // A business that cannot pay is not sold more: no packs, no plan change until the card is fixed.
      expectProblem(await buyPack(ctx, session, 'pack-10'), 409);
      expectProblem(await choosePlan(ctx, session, 'premier'), 409);

      await later(3, session);
      expect((await billingOf(ctx, session)).openInvoice).toMatchObject({ attempts: 2, nextAttemptAt: due + 5 * DAY_MS });
      await later(2, session);
      const ended = await billingOf(ctx, session);
      expect(ended).toMatchObject({ status: 'canceled', plan: null, openInvoice: null, credits: billing.credits });
      expect((await invoicesOf(ctx, session)).data[0]).toMatchObject({ kind: 'renewal', status: 'void', attempts: 3 });
      const subjects = (await outboxFor(ctx, session.email)).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === 'Your Starter plan payment failed')).toHaveLength(2);
      expect(subjects).toContain('Your Starter plan has ended');
      expect((await chargesOf(ctx, session.vendor.vendor_id)).map((charge) => charge.status)).toEqual(['succeeded', 'failed', 'failed', 'failed']);
    });

    it('when a failed vendor adds a card that fails too, then it is a 402 and the invoice stays open; a good card pays it at once and the vendor is active', async () => {
      const { vendor: session, billing } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      await addCard(ctx, session, CARDS.chargesFail);
      await later(31, session);
      expect(await paymentStatusOf(ctx, session)).toBe('payment_failed');

      expectProblem(await putCard(ctx, session, await tokenFor(ctx, CARDS.insufficientFunds)), 402, 'card-declined');
      expect(await billingOf(ctx, session)).toMatchObject({
        status: 'payment_failed',
        paymentMethod: { last4: '0341' },
        openInvoice: { status: 'open', attempts: 2 },
      });

      const fixed = await putCard(ctx, session, await tokenFor(ctx, CARDS.visa));
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      expect(fixed.body.data).toMatchObject({
        status: 'active',
        openInvoice: null,
        paymentMethod: { last4: '4242' },
        credits: billing.credits + 10,
        currentPeriodStart: billing.currentPeriodEnd,
      });
      expect(await paymentStatusOf(ctx, session)).toBe('active');
      expect((await invoicesOf(ctx, session)).data[0]).toMatchObject({ kind: 'renewal', status: 'paid', card: { brand: 'visa', last4: '4242' } });

      // The dunning retry that was scheduled finds the invoice paid and does nothing.
      await later(5, session);
      expect(await billingOf(ctx, session)).toMatchObject({ status: 'active', credits: billing.credits + 10 });
      expect((await chargesOf(ctx, session.vendor.vendor_id)).filter((charge) => charge.status === 'succeeded')).toHaveLength(2);
    });
  });

  describe('idempotency', () => {
    it('when a purchase is sent twice with one key, then the second gets the first answer and only one charge is made', async () => {
      const session = await owner();
      await addCard(ctx, session);
      const first = await buyPack(ctx, session, 'pack-10', 'buy-once-1');
      const second = await buyPack(ctx, session, 'pack-10', 'buy-once-1');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toEqual(first.body);
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);
      expect((await billingOf(ctx, session)).credits).toBe(20);
    });

    it('when the same key comes with another body, then it is a 422 and nothing is charged', async () => {
      const session = await owner();
      await addCard(ctx, session);
      expect((await buyPack(ctx, session, 'pack-10', 'buy-other-1')).status).toBe(201);
      expectProblem(await buyPack(ctx, session, 'pack-25', 'buy-other-1'), 422, 'idempotency-mismatch');
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);
    });

    it('when two purchases with one key arrive at once, then exactly one charge is made and the other is a 409 or the replay', async () => {
      const session = await owner();
      await addCard(ctx, session);
      const answers = await Promise.all([buyPack(ctx, session, 'pack-10', 'buy-race-1'), buyPack(ctx, session, 'pack-10', 'buy-race-1')]);
      const statuses = answers.map((res) => res.status).sort();
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);
      expect((await billingOf(ctx, session)).credits).toBe(20);
    });

    it('when two purchases with different keys arrive at once, then they never both charge before either is recorded', async () => {
      const session = await owner();
      await addCard(ctx, session);
      const answers = await Promise.all([buyPack(ctx, session, 'pack-10', 'buy-two-a'), buyPack(ctx, session, 'pack-10', 'buy-two-b')]);
      const paid = answers.filter((res) => res.status === 201).length;
      for (const res of answers) expect([201, 409]).toContain(res.status);
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(paid);
      expect((await billingOf(ctx, session)).credits).toBe(10 + 10 * paid);
    });

    it('when a plan start is retried with its key, then the plan is charged once', async () => {
      const session = await owner();
      await addCard(ctx, session);
      expect((await choosePlan(ctx, session, 'starter', 'start-1')).status).toBe(200);
      expect((await choosePlan(ctx, session, 'starter', 'start-1')).status).toBe(200);
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);
    });
  });

  describe('owner only', () => {
    it('when a team member calls any billing endpoint, then it is a 403 and nothing changes', async () => {
      const { vendor: session } = await aVendorOnPlan(ctx, { plan: 'starter', vendor: await owner() });
      const { member } = await aBusinessWithMember(ctx, { owner: session });
      const as = (req: ReturnType<ReturnType<typeof agent>['get']>) => req.set('Authorization', `Bearer ${member.accessToken}`);
      const calls = [
        as(agent(ctx).get('/api/billing')),
        as(agent(ctx).get('/api/billing/invoices')),
        as(agent(ctx).get('/api/billing/plan-change').query({ planId: 'premier' })),
        as(agent(ctx).put('/api/billing/payment-method')).send({ paymentMethodId: await tokenFor(ctx, CARDS.visa) }),
        as(agent(ctx).post('/api/billing/subscription')).send({ planId: 'premier' }),
        as(agent(ctx).delete('/api/billing/subscription')),
        as(agent(ctx).post('/api/billing/credit-purchases')).send({ packId: 'pack-60' }),
      ];
      for (const res of await Promise.all(calls)) expectProblem(res, 403, 'forbidden');
      expect(await billingOf(ctx, session)).toMatchObject({ plan: 'starter', cancelAtPeriodEnd: false, credits: 20 });
      expect((await chargesOf(ctx, session.vendor.vendor_id)).length).toBe(1);
    });

    it('when nobody is signed in, then billing is a 401', async () => {
      expectProblem(await agent(ctx).get('/api/billing'), 401);
    });
  });

  describe('invoices and the ledger', () => {
    it('when a business has many invoices, then they page newest first, one opens as a receipt, and another business cannot read it', async () => {
      const session = await owner();
      await addCard(ctx, session);
      for (const pack of ['pack-10', 'pack-25', 'pack-60']) expect((await buyPack(ctx, session, pack)).status).toBe(201);
      const first = await invoicesOf(ctx, session, { limit: 2 });
      expect(first.data.map((invoice) => invoice.packId)).toEqual(['pack-60', 'pack-25']);
      const second = await invoicesOf(ctx, session, { limit: 2, cursor: first.nextCursor ?? '' });
      expect(second).toEqual({ data: [expect.objectContaining({ packId: 'pack-10' })], nextCursor: null });
      expectProblem(
        await agent(ctx).get('/api/billing/invoices').query({ cursor: 'forged.cursor' }).set('Authorization', `Bearer ${session.accessToken}`),
        400,
      );

      const id = first.data[0]?.id ?? '';
      const receipt = await agent(ctx).get(`/api/billing/invoices/${id}`).set('Authorization', `Bearer ${session.accessToken}`);
      expect(receipt.body.data).toMatchObject({ id, status: 'paid', amountCents: 12000, card: { brand: 'visa', last4: '4242' }, paidAt: expect.any(Number) });
      const other = await owner();
      expectProblem(await agent(ctx).get(`/api/billing/invoices/${id}`).set('Authorization', `Bearer ${other.accessToken}`), 404);
    });

    it('when the ledger is read in pages, then each row carries the balance it left, adding up to the balance', async () => {
      const session = await owner();
      await addCard(ctx, session);
      await buyPack(ctx, session, 'pack-10');
      await buyPack(ctx, session, 'pack-25');
      const read = (query: Record<string, string | number>) =>
        agent(ctx).get('/api/credits').query(query).set('Authorization', `Bearer ${session.accessToken}`);
      const page = await read({ limit: 2 });
      expect(page.body.data.balance).toBe(45);
      expect(page.body.data.entries.map((entry: { delta: number; balanceAfter: number }) => [entry.delta, entry.balanceAfter])).toEqual([
        [25, 45],
        [10, 20],
      ]);
      const next = await read({ limit: 2, cursor: page.body.data.nextCursor });
      expect(next.body.data.entries.map((entry: { delta: number; balanceAfter: number }) => [entry.delta, entry.balanceAfter])).toEqual([[10, 10]]);
      expect(next.body.data.nextCursor).toBeNull();
    });
  });

  describe('webhooks', () => {
    const post = (body: string, signature: string | undefined) => {
      const req = agent(ctx).post('/api/billing/webhooks').set('Content-Type', 'application/json');
      if (signature !== undefined) req.set('Sandbox-Signature', signature);
      return req.send(body);
    };
    const nowSeconds = () => Math.floor(ctx.clock.now() / 1000);

    /** A business with a card, and a draft pack invoice whose charge went through but whose caller stopped before recording it. */
    async function strandedPurchase() {
      const session = await owner();
      await addCard(ctx, session);
      const account = await ctx.database.db
        .selectFrom('billing_accounts')
        .selectAll()
        .where('vendor_id', '=', session.vendor.vendor_id)
        .executeTakeFirstOrThrow();
      const now = ctx.clock.now();
      const id = `in_stranded${Math.random()
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
          description: '25 lead credits',
          amount_cents: 5500,
          currency: 'usd',
          plan_id: null,
          plan_name: null,
          pack_id: 'pack-25',
          credits: 25,
          period_start: null,
          period_end: null,
          attempts: 1,
          settled_attempt: 0,
          dunning_step: 0,
          next_attempt_at: null,
          charge_id: null,
          card_brand: null,
          card_last4: null,
          failure_reason: null,
          paid_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const body = webhookEvent({
        id: `evt_${id.slice(3)}`,
        type: 'invoice.paid',
        customer: account.customer_id ?? '',
        amount: 5500,
        metadata: { invoiceId: id, vendorId: session.vendor.vendor_id, attempt: '1', trigger: 'vendor', cardBrand: 'visa', cardLast4: '4242' },
        createdSeconds: nowSeconds(),
      });
      return { session, id, body };
    }

    it('when the provider reports a charge its caller never recorded, then the signed webhook applies it: the invoice is paid and the credits granted, once', async () => {
      const { session, id, body } = await strandedPurchase();
      const first = await post(body, signWebhook(body, webhookSecretOf(ctx), nowSeconds()));
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toEqual({ received: true, duplicate: false });
      await ctx.jobs.runDue();
      expect((await billingOf(ctx, session)).credits).toBe(35);
      expect((await invoicesOf(ctx, session)).data[0]).toMatchObject({ id, status: 'paid', card: { brand: 'visa', last4: '4242' } });

      const again = await post(body, signWebhook(body, webhookSecretOf(ctx), nowSeconds()));
      expect(again.body).toEqual({ received: true, duplicate: true });
      await ctx.jobs.runDue();
      expect((await billingOf(ctx, session)).credits).toBe(35);
    });

    it.each([
      ['no signature', () => undefined],
      [
        'a signature made with another secret',
        (body: string) => signWebhook(body, 'not-the-secret-of-this-server-0123456789', Math.floor(ctx.clock.now() / 1000)),
      ],
      ['a garbled header', () => 't=abc,v1=zz'],
      ['a signature from ten minutes ago (a replay)', (body: string) => signWebhook(body, webhookSecretOf(ctx), Math.floor(ctx.clock.now() / 1000) - 600)],
    ])('when a delivery has %s, then it is a 400 and nothing changes', async (_label, sign) => {
      const { session, id, body } = await strandedPurchase();
      expectProblem(await post(body, sign(body)), 400, 'validation-failed');
      await ctx.jobs.runDue();
      expect((await billingOf(ctx, session)).credits).toBe(10);
      expect(
        await ctx.database.db
          .selectFrom('billing_webhook_events')
          .select('id')
          .where('id', '=', `evt_${id.slice(3)}`)
          .executeTakeFirst(),
      ).toBeUndefined();
    });

    it('when the body is changed after signing, then it is a 400 and nothing changes', async () => {
      const { session, body } = await strandedPurchase();
      const signature = signWebhook(body, webhookSecretOf(ctx), nowSeconds());
      expectProblem(await post(body.replace('"amount":5500', '"amount":1'), signature), 400);
      await ctx.jobs.runDue();
      expect((await billingOf(ctx, session)).credits).toBe(10);
    });

    it("when a signed event names another business's customer, then it is acknowledged and ignored", async () => {
      const { session, body } = await strandedPurchase();
      const other = await owner();
      await addCard(ctx, other);
      const otherCustomer =
        (await ctx.database.db.selectFrom('billing_accounts').select('customer_id').where('vendor_id', '=', other.vendor.vendor_id).executeTakeFirstOrThrow())
          .customer_id ?? '';
      const parsed = JSON.parse(body) as { id: string; data: { object: { customer: string } } };
      parsed.id = `${parsed.id}x`;
      parsed.data.object.customer = otherCustomer;
      const forged = JSON.stringify(parsed);
      expect((await post(forged, signWebhook(forged, webhookSecretOf(ctx), nowSeconds()))).status).toBe(200);
      await ctx.jobs.runDue();
      expect((await billingOf(ctx, session)).credits).toBe(10);
      expect((await billingOf(ctx, other)).credits).toBe(10);
    });

    it('when the sandbox charges, then its webhook reaches billing signed and is recorded as handled', async () => {
      const session = await owner();
      await addCard(ctx, session);
      expect((await buyPack(ctx, session, 'pack-10')).status).toBe(201);
      await ctx.jobs.runDue();
      const events = await ctx.database.db.selectFrom('billing_webhook_events').selectAll().where('payload', 'like', `%${session.vendor.vendor_id}%`).execute();
      expect(events.map((event) => [event.type, event.processed_at !== null])).toEqual([['invoice.paid', true]]);
      expect((await billingOf(ctx, session)).credits).toBe(20);
    });
  });

  it('when every flow above has run, then no log line holds a card number or a full token', () => {
    const logged = JSON.stringify(ctx.logger.lines);
    for (const number of Object.values(CARDS)) {
      expect(logged).not.toContain(number.replace(/ /g, ''));
      expect(logged).not.toContain(number);
    }
    expect(logged).not.toMatch(/pm_[A-Za-z0-9]{20,}/);
  });
});
