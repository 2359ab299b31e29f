import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { Billing, Invoice } from '../../../shared/contracts/billing';
import type { TestContext } from '../../helpers/test-app';
import { agent, type SessionBody } from '../auth/support';

/** Shared helpers of the billing API suites (not a test file). */

export const DAY_MS = 24 * 60 * 60 * 1000;

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declinedOnAttach: '4000 0000 0000 0002',
  chargesFail: '4000 0000 0000 0341',
  insufficientFunds: '4000 0000 0000 9995',
  notATestCard: '4111 1111 1111 1111',
} as const;

const bearer = (session: SessionBody) => `Bearer ${session.accessToken}`;

/** The browser's step: the card to the sandbox provider, its token back. */
export async function tokenise(ctx: TestContext, number: string, overrides: Record<string, unknown> = {}) {
  return agent(ctx).post('/sandbox/payment-methods').send({ number, expMonth: 12, expYear: 2034, cvc: '123', ...overrides });
}

export async function tokenFor(ctx: TestContext, number: string): Promise<string> {
  const res = await tokenise(ctx, number);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

export function putCard(ctx: TestContext, session: SessionBody, paymentMethodId: string, key?: string) {
  const req = agent(ctx).put('/api/billing/payment-method').set('Authorization', bearer(session));
  if (key) req.set('Idempotency-Key', key);
  return req.send({ paymentMethodId });
}

/** Tokenises `number` and makes it the business's card; expects it to be accepted. */
export async function addCard(ctx: TestContext, session: SessionBody, number: string = CARDS.visa): Promise<Billing> {
  const res = await putCard(ctx, session, await tokenFor(ctx, number));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: Billing }).data;
}

export function choosePlan(ctx: TestContext, session: SessionBody, planId: string, key?: string) {
  const req = agent(ctx).post('/api/billing/subscription').set('Authorization', bearer(session));
  if (key) req.set('Idempotency-Key', key);
  return req.send({ planId });
}

export function buyPack(ctx: TestContext, session: SessionBody, packId: string, key?: string) {
  const req = agent(ctx).post('/api/billing/credit-purchases').set('Authorization', bearer(session));
  if (key) req.set('Idempotency-Key', key);
  return req.send({ packId });
}

export async function billingOf(ctx: TestContext, session: SessionBody): Promise<Billing> {
  const res = await agent(ctx).get('/api/billing').set('Authorization', bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: Billing }).data;
}

export async function invoicesOf(ctx: TestContext, session: SessionBody, query: Record<string, string | number> = {}) {
  const res = await agent(ctx).get('/api/billing/invoices').query(query).set('Authorization', bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Invoice[]; nextCursor: string | null };
}

export async function paymentStatusOf(ctx: TestContext, session: SessionBody): Promise<string> {
  const res = await agent(ctx).get('/api/vendor/me').set('Authorization', bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: { payment_status: string } }).data.payment_status;
}

/** Charges the sandbox recorded for the business's provider customer. */
export async function chargesOf(ctx: TestContext, vendorId: string) {
  const account = await ctx.database.db.selectFrom('billing_accounts').select('customer_id').where('vendor_id', '=', vendorId).executeTakeFirst();
  if (!account?.customer_id) return [];
  return ctx.database.db.selectFrom('sandbox_charges').selectAll().where('customer_id', '=', account.customer_id).orderBy('created_at').execute();
}

/** Moves the server clock by `days` and runs every job due by then, as `POST /dev/clock` does. */
export async function advanceDays(ctx: TestContext, days: number): Promise<void> {
  ctx.advanceClock(days * DAY_MS);
  await ctx.jobs.clockAdvanced(days * DAY_MS);
  await ctx.jobs.runDue();
}

/** Runs the jobs due now (webhook deliveries and their handling). */
export async function drainJobs(ctx: TestContext): Promise<void> {
  await ctx.jobs.runDue();
}

/** The sandbox's webhook secret, derived from the server's secret as the billing module does. */
export function webhookSecretOf(ctx: TestContext): string {
  return createHmac('sha256', ctx.tokens.secret).update('vowly sandbox webhooks v1').digest('base64url');
}

/** A sandbox webhook body for a charge outcome. */
export function webhookEvent(input: { id: string; type: 'invoice.paid' | 'invoice.payment_failed'; customer: string; amount: number; metadata: Record<string, string>; createdSeconds: number }) {
  return JSON.stringify({
    id: input.id,
    object: 'event',
    type: input.type,
    created: input.createdSeconds,
    data: {
      object: {
        customer: input.customer,
        charge: 'ch_fromwebhook0000000000000',
        amount: input.amount,
        currency: 'usd',
        failure_reason: input.type === 'invoice.paid' ? null : 'card-declined',
        metadata: input.metadata,
      },
    },
  });
}
