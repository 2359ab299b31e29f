import { AxiosHeaders, isAxiosError } from 'axios';

/** A fresh Idempotency-Key: a random UUID (crypto.randomUUID exists only on secure origins, so the bytes are drawn by hand elsewhere). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed write got the server's final word: any answer below 500, except the 409 with
 * Retry-After that says the same key is still running. After a network error, a 5xx or that 409
 * the outcome is unknown, and sending the same body again under the same key is safe: the server
 * answers the first answer again instead of doing the change twice.
 */
export function isFinalAnswer(error: unknown): boolean {
  if (!isAxiosError(error) || !error.response) return false;
  const { status, headers } = error.response;
  if (status >= 500) return false;
  return !(status === 409 && AxiosHeaders.from(headers as AxiosHeaders).has('retry-after'));
}

/** The Idempotency-Key of one user action, kept across retries of that same action. */
export interface ActionKey {
  /** The key to send `body` with: the pending action's key when it is the same body, a new one otherwise. */
  keyFor(body: unknown): string;
  /** The attempt ended: with no error or a final answer the action is over, and the next press is a new one. */
  settle(error?: unknown): void;
}

/**
 * Keys for a button that changes something once (docs/marketplace.md: `Idempotency-Key`): a key
 * is made when the person presses it, and reused only when they press again for the same body
 * after an attempt whose outcome is unknown (a dropped connection). A different body, or any
 * press after the server's final answer, is a new action with a new key: the server would
 * refuse the old key with another body, and would replay its old refusal for the same one.
 */
export function createActionKey(makeKey: () => string = newIdempotencyKey): ActionKey {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body ?? null);
      if (pending?.body !== text) pending = { body: text, key: makeKey() };
      return pending.key;
    },
    settle(error) {
      if (error === undefined || isFinalAnswer(error)) pending = null;
    },
  };
}
