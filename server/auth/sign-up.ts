import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLES } from '../../shared/ability/roles';
import type { RegisterRequest } from '../../shared/contracts/auth';
import { insertVendor } from '../business';
import type { DB } from '../core/db/schema';
import { isUniqueViolation } from '../core/db/unique-violation';
import { AppError } from '../core/http/app-error';
import { newOpaqueToken } from '../core/opaque-tokens';
import { mailVerificationLink } from '../notifications';
import { VERIFY_EMAIL_TTL_MS, type AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import type { UserRow } from './auth.table';
import { hashPassword } from './password';
import { passwordProblem, weakPassword } from './password-policy';
import { signedIn } from './sessions';

/**
 * Queues a mail with a fresh verification link for the user's address (closing older links):
 * the welcome mail at registration, or a reminder they asked for. In the caller's transaction.
 */
export async function sendVerificationLink(
  deps: AuthDeps,
  trx: Kysely<DB>,
  user: { id: string; email: string },
  businessName: string,
  welcome: boolean,
): Promise<void> {
  const now = deps.clock.now();
  const token = newOpaqueToken();
  await repo.closeOpenLinks(trx, 'email_verifications', user.id, now);
  await repo.insertLink(trx, 'email_verifications', { id: randomUUID(), userId: user.id, tokenHash: token.hash, expiresAt: now + VERIFY_EMAIL_TTL_MS, now });
  await mailVerificationLink(deps, trx, { to: user.email, businessName, link: `${deps.publicUrl}/verify-email/${token.token}`, welcome });
}

/**
 * Creates the business and its owner account (409 for a taken email). An address Google
 * vouched for is verified at once; otherwise the welcome mail asks for it, in the same transaction.
 */
export async function createAccount(
  deps: AuthDeps,
  input: { email: string; passwordHash: string | null; businessName: string; googleSub?: string },
): Promise<UserRow> {
  const now = deps.clock.now();
  const vendorId = randomUUID();
  const user: UserRow = {
    id: randomUUID(),
    vendor_id: vendorId,
    email: input.email,
    password_hash: input.passwordHash,
    role: ROLES.owner,
    google_sub: input.googleSub ?? null,
    email_verified_at: input.googleSub ? now : null,
    sign_in_count: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.database.writeTransaction(async (trx) => {
      await insertVendor(trx, { id: vendorId, businessName: input.businessName, now });
      await repo.insertUser(trx, user);
      await deps.events.publish(trx, 'business.created', { vendorId, businessName: input.businessName });
      if (!input.googleSub) await sendVerificationLink(deps, trx, user, input.businessName, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'email-taken', 'An account with this email already exists.', [
        { path: 'email', message: 'An account with this email already exists. Sign in instead.' },
      ]);
    }
    throw error;
  }
  return user;
}

/** Sign-up: the business, its owner, a welcome mail asking to verify the address, and a first session. */
export async function register(deps: AuthDeps, input: RegisterRequest) {
  const problem = passwordProblem(input.password, { email: input.email });
  if (problem) throw weakPassword(problem);
  const user = await createAccount(deps, {
    email: input.email,
    passwordHash: await hashPassword(input.password, deps.passwordCost),
    businessName: input.businessName,
  });
  deps.logger.info('vendor registered', { userId: user.id, vendorId: user.vendor_id });
  return signedIn(deps, user);
}
