import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createActionKey, isFinalAnswer, newIdempotencyKey } from '../../../client/src/lib/api/action-key';

function answered(status: number, headers: Record<string, string> = {}): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, { status, statusText: '', headers: new AxiosHeaders(headers), config, data: {} });
}
const dropped = () => new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() } as InternalAxiosRequestConfig, null);

function counter() {
  let n = 0;
  return () => `key-${String((n += 1))}`;
}

describe('createActionKey (the Idempotency-Key of a quote’s submit and decline)', () => {
  it('when the connection drops and the vendor sends the same quote again, then the same key goes with it, so nothing is spent twice', () => {
    const keys = createActionKey(counter());
    const body = { priceCents: 185_000, message: 'Peonies and roses for you', details: { bouquets: 4 } };
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle(dropped());
    expect(keys.keyFor({ ...body })).toBe('key-1');
    keys.settle(answered(503));
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle(answered(409, { 'Retry-After': '1' }));
    expect(keys.keyFor(body)).toBe('key-1');
  });

  it('when the server gave its final answer, or the vendor changed the quote, then the next press is a new action with a new key', () => {
    const keys = createActionKey(counter());
    const body = { priceCents: 185_000, message: 'Peonies and roses for you' };
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle(answered(402));
    expect(keys.keyFor(body)).toBe('key-2');
    keys.settle(dropped());
    expect(keys.keyFor({ ...body, priceCents: 150_000 })).toBe('key-3');
    keys.settle();
    expect(keys.keyFor({ ...body, priceCents: 150_000 })).toBe('key-4');
  });
});

describe('isFinalAnswer', () => {
  it('when the server answered below 500 (but not "still running"), then its answer is final', () => {
    expect(isFinalAnswer(answered(400))).toBe(true);
    expect(isFinalAnswer(answered(409))).toBe(true);
    expect(isFinalAnswer(answered(409, { 'Retry-After': '1' }))).toBe(false);
    expect(isFinalAnswer(answered(500))).toBe(false);
    expect(isFinalAnswer(dropped())).toBe(false);
    expect(isFinalAnswer(new Error('not axios'))).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('when keys are made, then each is new and fits the header (visible characters, at most 255)', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
