import type { Kysely } from 'kysely';
import type { DB, NewUser, RefreshTokenRow, UserRow } from '../db/schema';

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByGoogleSub(db: Kysely<DB>, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function setPasswordHash(db: Kysely<DB>, userId: string, passwordHash: string, now: number): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

export async function linkGoogle(db: Kysely<DB>, userId: string, sub: string, now: number): Promise<void> {
  await db.updateTable('users').set({ google_sub: sub, updated_at: now }).where('id', '=', userId).execute();
}

export async function insertRefreshToken(
  db: Kysely<DB>,
  row: { id: string; familyId: string; userId: string; tokenHash: string; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ id: row.id, family_id: row.familyId, user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt, created_at: row.now, used_at: null, revoked_at: null })
    .execute();
}

export function findRefreshToken(db: Kysely<DB>, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a token used, only if it is still fresh: one statement, so two racing uses cannot both win. */
export async function claimRefreshToken(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Kysely<DB>, familyId: string, now: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user: refresh tokens revoked, access tokens issued until now refused. */
export async function revokeAllForUser(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  await db.updateTable('users').set({ sessions_valid_after: now }).where('id', '=', userId).execute();
}

/** When the user's sessions were last ended (epoch ms), or null for an unknown user. */
export async function sessionsValidAfter(db: Kysely<DB>, userId: string): Promise<number | null> {
  const row = await db.selectFrom('users').select('sessions_valid_after').where('id', '=', userId).executeTakeFirst();
  return row ? row.sessions_valid_after : null;
}

export async function insertPasswordReset(db: Kysely<DB>, row: { id: string; userId: string; tokenHash: string; expiresAt: number; now: number }): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ id: row.id, user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt, used_at: null, created_at: row.now })
    .execute();
}

/** Uses a reset token if it is unused and unexpired; returns its user id, or null. */
export async function claimPasswordReset(db: Kysely<DB>, tokenHash: string, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db.updateTable('password_resets').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.user_id : null;
}

/** Any other open reset links of the user stop working once one is used. */
export async function expireOpenResets(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
