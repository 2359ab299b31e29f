import { describe, expect, it } from 'vitest';
import type { ChargeResult, PaymentMethodSummary, PaymentProvider, WebhookVerification } from '../../../server/billing';

// The interface is the contract a sandbox and a Stripe adapter both meet; these checks run in tsc.
const fakeProvider: PaymentProvider = {
  webhookSignatureHeader: 'Test-Signature',
  createCustomer: async ({ businessId }) => ({ customerId: `cus_${businessId}` }),
  attachPaymentMethod: async ({ paymentMethodToken }) => ({
    ok: true,
    paymentMethod: { id: paymentMethodToken, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  }),
  charge: async ({ amountCents, currency }) =>
    amountCents > 10_000
      ? { status: 'failed', chargeId: 'ch_declined', reason: 'card-declined', message: 'The card was declined.' }
      : { status: 'succeeded', chargeId: 'ch_1', amountCents, currency, createdAt: 0 },
  refund: async ({ chargeId, amountCents = 0 }) => ({ status: 'succeeded', refundId: 're_1', chargeId, amountCents, currency: 'usd' }),
  verifyWebhook: ({ signatureHeader }) => (signatureHeader ? { ok: false, reason: 'signature-mismatch' } : { ok: false, reason: 'missing-header' }),
};

describe('PaymentProvider', () => {
  it('when a charge fails, then the result says why and a caller can branch on its status', async () => {
    const result: ChargeResult = await fakeProvider.charge({
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      amountCents: 20_000,
      currency: 'usd',
      description: 'Professional',
      idempotencyKey: 'k1',
    });
    expect(result.status === 'failed' ? result.reason : null).toBe('card-declined');
  });

  it('when a webhook is refused, then the reason is one of the typed refusals', () => {
    const verification: WebhookVerification = fakeProvider.verifyWebhook({ rawBody: '{}', signatureHeader: undefined, now: 0 });
    expect(verification).toEqual({ ok: false, reason: 'missing-header' });
  });

  it('when types are misused, then they do not compile', () => {
    // @ts-expect-error a card summary never carries the number
    const leaky: PaymentMethodSummary = { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2030, number: '4242424242424242' };
    // @ts-expect-error a failed charge must say why
    const silent: ChargeResult = { status: 'failed', chargeId: null, message: 'no' };
    // @ts-expect-error only the accepted brands
    const brand: PaymentMethodSummary['brand'] = 'jcb';
    expect([leaky, silent, brand]).toHaveLength(3);
  });
});
