import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from now, either way, before it is refused as a replay. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Why a webhook was refused. A wrong secret and a changed body are the same failure to the
 * receiver (the HMAC does not match) and cannot be told apart: both are `signature-mismatch`.
 */
export type WebhookSignatureRefusal = 'missing-header' | 'malformed-header' | 'timestamp-too-old' | 'timestamp-in-future' | 'signature-mismatch';

export type WebhookSignatureCheck = { ok: true; timestampSeconds: number } | { ok: false; reason: WebhookSignatureRefusal };

export interface VerifyWebhookInput {
  /** The request body exactly as received, before any JSON parsing. */
  rawBody: string | Buffer;
  /** The signature header's value (`Stripe-Signature` style), or undefined when absent. */
  header: string | undefined;
  secret: string;
  /** The current time in epoch milliseconds, from the app's clock. */
  now: number;
  toleranceSeconds?: number;
}

/**
 * Signs a webhook body as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * The sender sets the header to the returned value.
 */
export function signWebhook(rawBody: string | Buffer, secret: string, timestampSeconds: number): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`signWebhook: the timestamp must be whole unix seconds, got ${timestampSeconds}`);
  }
  return `t=${timestampSeconds},v1=${hmacHex(rawBody, secret, timestampSeconds)}`;
}

/**
 * Checks a webhook's signature header against its raw body: the header must carry one `t` and at
 * least one well-formed `v1` (several are allowed while a secret is rolled; unknown schemes such
 * as `v0` are ignored), the timestamp must be within the tolerance of `now`, and one `v1` must
 * equal the HMAC, compared in constant time. A replay inside the tolerance passes: the receiver
 * must also ignore an event id it has already handled.
 */
export function verifyWebhookSignature(input: VerifyWebhookInput): WebhookSignatureCheck {
  const { rawBody, header, secret, now, toleranceSeconds = DEFAULT_WEBHOOK_TOLERANCE_SECONDS } = input;
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing-header' };

  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed-header' };

  const ageSeconds = Math.floor(now / 1000) - parsed.timestampSeconds;
  if (ageSeconds > toleranceSeconds) return { ok: false, reason: 'timestamp-too-old' };
  if (-ageSeconds > toleranceSeconds) return { ok: false, reason: 'timestamp-in-future' };

  const expected = Buffer.from(hmacHex(rawBody, secret, parsed.timestampSeconds), 'hex');
  // Every candidate is 32 bytes (parseHeader keeps only 64-hex-digit values), as timingSafeEqual requires.
  const matches = parsed.signatures.some((given) => timingSafeEqual(given, expected));
  return matches ? { ok: true, timestampSeconds: parsed.timestampSeconds } : { ok: false, reason: 'signature-mismatch' };
}

function hmacHex(rawBody: string | Buffer, secret: string, timestampSeconds: number): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
}

function parseHeader(header: string): { timestampSeconds: number; signatures: Buffer[] } | null {
  let timestampSeconds: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return null;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestampSeconds !== null || !/^\d{1,12}$/.test(value)) return null;
      timestampSeconds = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestampSeconds === null || signatures.length === 0) return null;
  return { timestampSeconds, signatures };
}
