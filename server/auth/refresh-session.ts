import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import { hashToken } from '../core/opaque-tokens';
import type { AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import type { RefreshTokenRow } from './auth.table';
import { INVALID_SESSION, issueSessionToken, type Session } from './sessions';

/**
 * How long after a rotation the same token, sent again with the same retry key, is taken for a
 * retry of that rotation whose answer never arrived rather than for reuse.
 */
export const REFRESH_RETRY_WINDOW_MS = 60_000;

/**
 * Rotates a refresh token. A token already used means it was stolen or replayed: its whole
 * family is revoked, so the thief's and the victim's sessions both end. One exception: the
 * browser that used it sends it again with the retry key of that use, within
 * REFRESH_RETRY_WINDOW_MS, and the token it was rotated into has not been used. That is a page
 * that unloaded (a reload, a link followed) while its refresh was on the way, so the server
 * rotated but the answer was dropped: a new successor is issued and the lost one is spent, so
 * that if it ever turns up (the answer was intercepted after all) it is reuse. The key is kept
 * in the browser's own storage; a copied token without it is still reuse.
 */
export async function refresh(deps: AuthDeps, refreshToken: string, retryKey?: string): Promise<Session> {
  const now = deps.clock.now();
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  const retryKeyHash = retryKey === undefined ? null : hashToken(retryKey);
  if (row.used_at !== null) {
    const retried = isRetryOfRotation(row, retryKeyHash, now) ? await rotateAgain(deps, row, now) : null;
    if (retried) {
      deps.logger.info('refresh retried after its answer was lost: successor replaced', { userId: row.user_id, familyId: row.family_id });
      return retried;
    }
    await repo.revokeFamily(deps.database.db, row.family_id, now);
    deps.sessions.ended([row.user_id]);
    deps.logger.warn('refresh token reused: family revoked', { userId: row.user_id, familyId: row.family_id });
    throw new AppError(401, 'unauthorized', INVALID_SESSION);
  }
  return deps.database.writeTransaction(async (trx) => {
    // Spent by a request running at this very moment: most often the same browser racing itself
    // (a page unloading while the next one loads), so this one is refused but the family is kept;
    // a use after the other has finished is reuse, and revokes it above.
    if (!(await repo.claimRefreshToken(trx, row.id, now, retryKeyHash))) throw new AppError(401, 'unauthorized', INVALID_SESSION);
    return rotateInto(deps, trx, row);
  });
}

function isRetryOfRotation(row: RefreshTokenRow, retryKeyHash: string | null, now: number): boolean {
  return retryKeyHash !== null && row.retry_key_hash === retryKeyHash && row.used_at !== null && now - row.used_at <= REFRESH_RETRY_WINDOW_MS;
}

/** The rotation once more: its successor, if still unused, is spent and gives way to a new one (null if it was used: that is reuse). */
async function rotateAgain(deps: AuthDeps, row: RefreshTokenRow, now: number): Promise<Session | null> {
  return deps.database.writeTransaction(async (trx) => {
    if (row.replaced_by === null || !(await repo.claimRefreshToken(trx, row.replaced_by, now, null))) return null;
    return rotateInto(deps, trx, row);
  });
}

/** Issues the next token of `row`'s family and links `row` to it. */
async function rotateInto(deps: AuthDeps, trx: Kysely<DB>, row: RefreshTokenRow): Promise<Session> {
  const user = await repo.findUserById(trx, row.user_id);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  const issued = await issueSessionToken(deps, trx, user, { id: row.family_id, expiresAt: row.expires_at });
  await repo.setReplacedBy(trx, row.id, issued.tokenId);
  return issued.session;
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (!row) return;
  await repo.revokeFamily(deps.database.db, row.family_id, deps.clock.now());
  deps.sessions.ended([row.user_id]);
}
