import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { Billing, Invoice } from '../../../shared/contracts/billing';
import type { TestContext } from '../../support/api/test-app';
import { agent, type SessionBody } from '../../support/api/http';

/** Helpers of the billing API suites only (not a test file): packs, invoices, charges and webhooks; cards and plans are in tests/support/api/billing.ts. */

const bearer = (session: SessionBody) => `Bearer ${session.accessToken}`;

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

/** Runs the jobs due now (webhook deliveries and their handling). */
export async function drainJobs(ctx: TestContext): Promise<void> {
  await ctx.jobs.runDue();
}

/** The sandbox's webhook secret, derived from the server's secret as the billing module does. */
export function webhookSecretOf(ctx: TestContext): string {
  return createHmac('sha256', ctx.tokens.secret).update('vowly sandbox webhooks v1').digest('base64url');
}

/** A sandbox webhook body for a charge outcome. */
export function webhookEvent(input: {
  id: string;
  type: 'invoice.paid' | 'invoice.payment_failed';
  customer: string;
  amount: number;
  metadata: Record<string, string>;
  createdSeconds: number;
}) {
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
