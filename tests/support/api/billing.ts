import { expect } from 'vitest';
import type { Billing } from '../../../shared/contracts/billing';
import type { TestContext } from './test-app';
import { agent, type SessionBody } from './http';

/** A business's card and plan through the billing API, on the sandbox provider. */

/** Stripe's test cards, as the sandbox provider plays them. */
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
  return agent(ctx)
    .post('/sandbox/payment-methods')
    .send({ number, expMonth: 12, expYear: 2034, cvc: '123', ...overrides });
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
