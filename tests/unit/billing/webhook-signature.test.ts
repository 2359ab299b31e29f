import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from '../../../server/billing/webhook-signature';

const secret = 'whsec_test_0123456789abcdef';
const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { invoiceId: 'in_1', amountCents: 2900 } });
const sentAt = 1_795_000_000; // unix seconds
const now = sentAt * 1000 + 2_000;

describe('webhook signature', () => {
  it('when a body is signed, then the header is t and the hex HMAC-SHA256 of "t.body", as Stripe sends it', () => {
    const expected = createHmac('sha256', secret).update(`${sentAt}.${body}`).digest('hex');
    expect(signWebhook(body, secret, sentAt)).toBe(`t=${sentAt},v1=${expected}`);
  });

  it('when the body, header and secret are the ones signed, then it is accepted with its timestamp', () => {
    expect(verifyWebhookSignature({ rawBody: body, header: signWebhook(body, secret, sentAt), secret, now })).toEqual({ ok: true, timestampSeconds: sentAt });
  });

  it('when the raw body arrives as a Buffer, then it verifies the same as the string', () => {
    const header = signWebhook(body, secret, sentAt);
    expect(verifyWebhookSignature({ rawBody: Buffer.from(body), header, secret, now })).toMatchObject({ ok: true });
  });

  it('when the header is absent or empty, then it is refused as missing-header', () => {
    for (const header of [undefined, '', '   ']) {
      expect(verifyWebhookSignature({ rawBody: body, header, secret, now })).toEqual({ ok: false, reason: 'missing-header' });
    }
  });

  it('when the header is garbled, then it is refused as malformed-header', () => {
    const v1 = signWebhook(body, secret, sentAt).split(',')[1];
    for (const header of [
      'garbage',
      `${v1}`,
      `t=${sentAt}`,
      `t=soon,${v1}`,
      `t=${sentAt},t=${sentAt},${v1}`,
      `t=${sentAt},v1=not-hex`,
      `t=${sentAt},v1=abcd`,
      `t=${sentAt},=x,${v1}`,
      `t=${sentAt},v0=${'a'.repeat(64)}`,
    ]) {
      expect(verifyWebhookSignature({ rawBody: body, header, secret, now }), header).toEqual({ ok: false, reason: 'malformed-header' });
    }
  });

  it('when it was signed with another secret, then it is refused as signature-mismatch', () => {
    const header = signWebhook(body, 'whsec_someone_else', sentAt);
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now })).toEqual({ ok: false, reason: 'signature-mismatch' });
  });

  it('when the body was changed after signing, even by one character, then it is refused as signature-mismatch', () => {
    const header = signWebhook(body, secret, sentAt);
    const changed = body.replace('2900', '2901');
    expect(verifyWebhookSignature({ rawBody: changed, header, secret, now })).toEqual({ ok: false, reason: 'signature-mismatch' });
    expect(verifyWebhookSignature({ rawBody: `${body} `, header, secret, now })).toEqual({ ok: false, reason: 'signature-mismatch' });
  });

  it('when the timestamp in the header is changed, then the signature no longer matches', () => {
    const [, v1] = signWebhook(body, secret, sentAt).split(',');
    expect(verifyWebhookSignature({ rawBody: body, header: `t=${sentAt + 1},${v1}`, secret, now })).toEqual({ ok: false, reason: 'signature-mismatch' });
  });

  it('when it was signed more than five minutes ago, then it is refused as timestamp-too-old; at five minutes it still passes', () => {
    const header = signWebhook(body, secret, sentAt);
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: (sentAt + 300) * 1000 })).toMatchObject({ ok: true });
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: (sentAt + 301) * 1000 })).toEqual({ ok: false, reason: 'timestamp-too-old' });
  });

  it('when the timestamp is more than the tolerance ahead of now, then it is refused as timestamp-in-future', () => {
    const header = signWebhook(body, secret, sentAt);
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: (sentAt - 301) * 1000 })).toEqual({ ok: false, reason: 'timestamp-in-future' });
  });

  it('when a tolerance is given, then it replaces the five minutes', () => {
    const header = signWebhook(body, secret, sentAt);
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now: (sentAt + 31) * 1000, toleranceSeconds: 30 })).toEqual({
      ok: false,
      reason: 'timestamp-too-old',
    });
  });

  it('when the header carries several v1 signatures (a secret being rolled) and other schemes, then one match is enough', () => {
    const current = signWebhook(body, secret, sentAt).split(',')[1];
    const old = signWebhook(body, 'whsec_old', sentAt).split(',')[1];
    const header = `t=${sentAt},${old},${current},v0=${'0'.repeat(64)}`;
    expect(verifyWebhookSignature({ rawBody: body, header, secret, now })).toMatchObject({ ok: true });
  });

  it('when the timestamp to sign is not whole seconds, then signing throws', () => {
    expect(() => signWebhook(body, secret, 1.5)).toThrow(/whole unix seconds/);
  });
});
