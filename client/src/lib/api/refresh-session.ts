import axios from 'axios';
import { REFRESH_RETRY_KEY_HEADER, refreshResponseSchema } from '../../../../shared/contracts/auth';
import { recordRotation, retryKeyFor, rotationOf } from '../session/rotation-handoff';
import { readTokens, storeTokens } from '../session/session';
import { REFRESH_URL } from './auth-endpoints';
import { withRefreshLock } from './refresh-lock';
import { expireSession } from './session-expired';

// Bounds how long waiting requests can hang on a refresh that never answers.
const REFRESH_TIMEOUT_MS = 10_000;

/** Thrown to waiting requests when there is no session to refresh or the refresh failed. */
export class RefreshFailedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The session could not be refreshed', options);
    this.name = 'RefreshFailedError';
  }
}

/** The vendor signed out while a refresh was on its way: the sign-out has ended the session already, not the server. */
class SignedOutDuringRefreshError extends Error {
  constructor() {
    super('The session ended while it was being refreshed');
    this.name = 'SignedOutDuringRefreshError';
  }
}

let inFlight: Promise<string> | null = null;

/**
 * Refreshes the tokens and resolves with the new access token. At most one refresh runs at a
 * time in this tab: every caller during it gets the same promise. When the server refuses it the
 * session is expired (cleared, handler called once); every caller is rejected on any failure.
 */
export function refreshSession(): Promise<string> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runRefresh(): Promise<string> {
  const { accessToken, refreshToken } = readTokens();
  if (!refreshToken) {
    // Already signed out (here or in another tab): only an inconsistent session needs expiring.
    if (accessToken) expireSession();
    throw new RefreshFailedError();
  }
  try {
    return await withRefreshLock(() => rotate(refreshToken));
  } catch (error) {
    if (!(error instanceof SignedOutDuringRefreshError) && !couldNotAsk(error)) expireSession();
    throw new RefreshFailedError({ cause: error });
  }
}

/**
 * A refresh that got no answer about the session (offline, a timeout, a 5xx during a deploy, a
 * 429): the session may well be alive, so it is kept, and the next request that gets a 401 asks
 * again. A refusal (4xx), an answer that is not a token pair, or a session ended in another tab
 * ends it here.
 */
function couldNotAsk(error: unknown): boolean {
  if (!axios.isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status >= 500 || status === 429;
}

async function rotate(refreshToken: string): Promise<string> {
  const stored = readTokens();
  if (stored.refreshToken !== refreshToken) {
    // Another tab rotated (or cleared) the tokens while we waited for the lock; sending ours
    // now would look like reuse to the server and revoke the whole session.
    if (stored.accessToken && stored.refreshToken) return stored.accessToken;
    throw new Error('The session ended in another tab');
  }
  // This tab's localStorage may not show another tab's rotation yet; IndexedDB does.
  const handed = await rotationOf(refreshToken);
  if (handed) {
    storeTokens(handed);
    return handed.accessToken;
  }
  // Recorded before sending: if this page unloads before the answer, the next one sends the same
  // key with the same token, and the server takes it for a retry rather than a stolen token.
  const retryKey = await retryKeyFor(refreshToken);
  // Bare axios: the refresh must not go through the instance's own 401 handling.
  const response = await axios.post(
    REFRESH_URL,
    { refreshToken },
    { timeout: REFRESH_TIMEOUT_MS, headers: { Accept: 'application/json', [REFRESH_RETRY_KEY_HEADER]: retryKey } },
  );
  const tokens = refreshResponseSchema.parse(response.data).data;
  // Signed out while the answer was on its way: the new pair must not bring the session back.
  if (readTokens().refreshToken !== refreshToken) throw new SignedOutDuringRefreshError();
  storeTokens(tokens);
  // Committed before the lock is released, so the tab that takes it next sees it.
  await recordRotation(refreshToken, tokens);
  return tokens.accessToken;
}
