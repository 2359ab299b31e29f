import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findVendor, toVendorRecord } from '../business';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import type { AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import type { UserRow } from './auth.table';
import { newOpaqueToken } from '../core/opaque-tokens';
import { signAccessToken } from './tokens';

export const INVALID_SESSION = 'Your session has ended. Please sign in again.';

/** A signed-in session's tokens. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the refresh token's family (the session) ends; rotations keep it. */
  refreshExpiresAt: number;
}

/** Issues an access token and a refresh token; a new family (session) unless `family` continues one. */
export async function issueSession(
  deps: Pick<AuthDeps, 'tokens' | 'clock'>,
  db: Kysely<DB>,
  user: UserRow,
  family?: { id: string; expiresAt: number },
): Promise<Session> {
  return (await issueSessionToken(deps, db, user, family)).session;
}

/** `issueSession`, with the stored refresh token's id (a rotation links the token it replaced to it). */
export async function issueSessionToken(
  deps: Pick<AuthDeps, 'tokens' | 'clock'>,
  db: Kysely<DB>,
  user: UserRow,
  family?: { id: string; expiresAt: number },
): Promise<{ session: Session; tokenId: string }> {
  const now = deps.clock.now();
  const refresh = newOpaqueToken();
  const familyId = family?.id ?? randomUUID();
  const tokenId = randomUUID();
  const expiresAt = family?.expiresAt ?? now + deps.tokens.refreshTtlSeconds * 1000;
  await repo.insertRefreshToken(db, { id: tokenId, familyId, userId: user.id, tokenHash: refresh.hash, expiresAt, now });
  const accessToken = await signAccessToken(deps.tokens, { userId: user.id, vendorId: user.vendor_id, role: user.role, sessionId: familyId }, now);
  return { session: { accessToken, refreshToken: refresh.token, refreshExpiresAt: expiresAt }, tokenId };
}

/** The vendor record of a user (docs/security.md: Accounts and sessions): the user and their business. */
export async function vendorRecordOf(deps: Pick<AuthDeps, 'database'>, user: UserRow) {
  const vendor = await findVendor(deps.database.db, user.vendor_id);
  if (!vendor) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return toVendorRecord(
    {
      id: user.id,
      email: user.email,
      role: user.role,
      hasPassword: user.password_hash !== null,
      googleLinked: user.google_sub !== null,
      emailVerified: user.email_verified_at !== null,
      firstVisit: user.sign_in_count <= 1,
    },
    vendor,
  );
}

/** A session's tokens and the vendor record: what every sign-in answers. */
export type SignedIn = Session & { vendor: Awaited<ReturnType<typeof vendorRecordOf>> };

/** A new session for the user (counted) and their vendor record: what every sign-in answers. */
export async function signedIn(deps: AuthDeps, user: UserRow): Promise<SignedIn> {
  const session = await issueSession(deps, deps.database.db, user);
  const signInCount = await repo.countSignIn(deps.database.db, user.id);
  return { ...session, vendor: await vendorRecordOf(deps, { ...user, sign_in_count: signInCount }) };
}

/** The vendor record of the user with this id (401 when they are gone). */
export async function vendorRecordOfUser(deps: Pick<AuthDeps, 'database'>, userId: string) {
  const user = await repo.findUserById(deps.database.db, userId);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return vendorRecordOf(deps, user);
}
