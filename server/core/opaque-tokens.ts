import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of an opaque token, as stored (a database leak reveals no usable token). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque token of 32 random bytes (for a mailed link), and its hash. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
