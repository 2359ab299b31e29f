import { randomUUID } from 'node:crypto';
import { AppError } from '../core/http/app-error';
import { hashToken, newOpaqueToken } from '../core/opaque-tokens';
import { mailPasswordResetLink } from '../notifications';
import { RESET_TTL_MS, type AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import { hashPassword } from './password';
import { passwordProblem, weakPassword } from './password-policy';

const INVALID_RESET = 'This reset link is invalid or has expired. Request a new one.';

/**
 * Queues a reset link when the account exists. The caller answers 202 before this runs, so the
 * answer is the same, in content and in time, for unknown emails.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.database.db, email);
  if (!user) return;
  const now = deps.clock.now();
  const reset = newOpaqueToken();
  await deps.database.writeTransaction(async (trx) => {
    await repo.insertLink(trx, 'password_resets', { id: randomUUID(), userId: user.id, tokenHash: reset.hash, expiresAt: now + RESET_TTL_MS, now });
    await mailPasswordResetLink(deps, trx, { to: user.email, link: `${deps.publicUrl}/reset-password/${reset.token}` });
  });
}

/** Sets a new password with a reset token (single use, one hour) and ends every session. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  const pending = await repo.findLinkUser(deps.database.db, 'password_resets', tokenHash);
  const problem = passwordProblem(input.password, { email: pending?.email });
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password, deps.passwordCost);
  const userId = await deps.database.writeTransaction(async (trx) => {
    const claimed = await repo.claimLink(trx, 'password_resets', tokenHash, now);
    if (!claimed) throw new AppError(400, 'invalid-token', INVALID_RESET, [{ path: 'token', message: INVALID_RESET }]);
    await repo.setPasswordHash(trx, claimed.userId, passwordHash, now);
    // The link reached the address: it is verified as well.
    await repo.markEmailVerified(trx, claimed.userId, now);
    await repo.closeOpenLinks(trx, 'password_resets', claimed.userId, now);
    await repo.revokeAllForUser(trx, claimed.userId, now);
    return claimed.userId;
  });
  deps.sessions.ended([userId]);
}
