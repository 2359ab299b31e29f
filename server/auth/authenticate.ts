import type { Clock } from '../core/clock';
import type { Authenticate } from '../core/http/require-auth';
import type { SessionGate } from './session-gate';
import { verifyAccessToken, type TokenConfig, type VerifiedAccessToken } from './tokens';

/** Tokens whose signature was checked, kept until they expire; cleared when full. */
const MAX_VERIFIED = 20_000;

/**
 * The app's token check: a valid access token whose session is still open. A token's signature
 * and claims cannot change, so a token checked once is trusted by its exact text until it
 * expires (the HMAC check through WebCrypto was the largest cost of an authenticated GET); the
 * session is asked every time (the gate has its own short cache), so a sign-out still ends it.
 */
export function createAuthenticator(deps: { tokens: TokenConfig; sessions: SessionGate; clock: Clock }): Authenticate {
  const verified = new Map<string, VerifiedAccessToken>();
  return async (bearerToken) => {
    const now = deps.clock.now();
    let token = verified.get(bearerToken);
    if (!token || now >= token.expiresAt) {
      verified.delete(bearerToken);
      token = (await verifyAccessToken(deps.tokens, bearerToken, now)) ?? undefined;
      if (!token) return null;
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(bearerToken, token);
    }
    if (!(await deps.sessions.isOpen(token))) return null;
    const { issuedAt: _issuedAt, expiresAt: _expiresAt, ...caller } = token;
    return caller;
  };
}
