import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import type { Billing, Invoice } from '../../../shared/contracts/billing';
import type { PlansResponse } from '../../../shared/contracts/plans';
import { createFakeServer } from '../http-test-server';

/** Shared data and a fake API for the billing screens' tests (not a test file). */

export const DAY = 86_400_000;
export const PERIOD_START = Date.UTC(2027, 5, 1, 12);
export const PERIOD_END = PERIOD_START + 30 * DAY;

export const PLANS: PlansResponse = {
  plans: [
    { id: 'starter', name: 'Starter', priceCents: 2900, currency: 'usd', interval: 'month', monthlyCredits: 10, features: ['10 lead credits every month'] },
    {
      id: 'professional',
      name: 'Professional',
      priceCents: 7900,
      currency: 'usd',
      interval: 'month',
      monthlyCredits: 35,
      features: ['35 lead credits every month'],
    },
    { id: 'premier', name: 'Premier', priceCents: 14900, currency: 'usd', interval: 'month', monthlyCredits: 80, features: ['80 lead credits every month'] },
  ],
  creditPacks: [
    { id: 'pack-10', credits: 10, priceCents: 2500, currency: 'usd' },
    { id: 'pack-25', credits: 25, priceCents: 5500, currency: 'usd' },
  ],
  trialCredits: 10,
};

/** A business's billing; a trial without a plan or card unless told otherwise. */
export function billing(overrides: Partial<Billing> = {}): Billing {
  return {
    plan: null,
    status: 'trialing',
    credits: 10,
    currentPeriodEnd: null,
    paymentMethod: null,
    currentPeriodStart: null,
    cancelAtPeriodEnd: false,
    pendingPlan: null,
    currency: 'usd',
    openInvoice: null,
    ...overrides,
  };
}

export const VISA = { brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030 };

export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'inv_1',
    description: 'Professional plan, renewal',
    amountCents: 7900,
    currency: 'usd',
    status: 'paid',
    createdAt: PERIOD_START,
    kind: 'renewal',
    planId: 'professional',
    planName: 'Professional',
    packId: null,
    credits: null,
    periodStart: PERIOD_START,
    periodEnd: PERIOD_END,
    paidAt: PERIOD_START,
    card: { brand: 'visa', last4: '4242' },
    attempts: 1,
    nextAttemptAt: null,
    ...overrides,
  };
}

/** A fake API with the signed-in owner's tokens; every request's Idempotency-Key is kept by path. */
export function billingServer() {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  const keys: { method: string; url: string; key: string | null }[] = [];
  server.on('/api/config/plans', () => ({ status: 200, body: PLANS }));
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const key = AxiosHeaders.from(config.headers).get('Idempotency-Key');
    keys.push({ method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', key: typeof key === 'string' ? key : null });
    return server.adapter(config);
  };
  return { ...server, adapter, keys };
}

/** A problem+json answer. */
export function problem(status: number, code: string, detail: string, errors?: { path: string; message: string }[]) {
  return { status, body: { type: `/problems/${code}`, title: detail, status, detail, code, ...(errors ? { errors } : {}) } };
}
