import type { Clock } from '../core/clock';
import type { Authenticate } from '../core/http/require-auth';
import type { SessionGate } from './session-gate';
import { verifyAccessToken, type TokenConfig } from './tokens';

/** The app's token check: a valid access token whose session is still open. */
export function createAuthenticator(deps: { tokens: TokenConfig; sessions: SessionGate; clock: Clock }): Authenticate {
  return async (bearerToken) => {
    const verified = await verifyAccessToken(deps.tokens, bearerToken, deps.clock.now());
    if (!verified || !(await deps.sessions.isOpen(verified))) return null;
    const { issuedAt: _issuedAt, ...caller } = verified;
    return caller;
  };
}
