import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { NewUser, RefreshTokenRow, UserRow } from './auth.table';

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

/** Counts a new session of the user; returns the count with it. */
export async function countSignIn(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ sign_in_count: eb('sign_in_count', '+', 1) }))
    .where('id', '=', userId)
    .returning('sign_in_count')
    .executeTakeFirst();
  return row?.sign_in_count ?? 0;
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
    .values({
      id: row.id,
      family_id: row.familyId,
      user_id: row.userId,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
      created_at: row.now,
      used_at: null,
      revoked_at: null,
      replaced_by: null,
      retry_key_hash: null,
    })
    .execute();
}

export function findRefreshToken(db: Kysely<DB>, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks a token used, only if it is still fresh: one statement, so two racing uses cannot both
 * win. Keeps the hash of the retry key sent with the use, if any. Also spends a successor whose
 * answer was lost (no key), so that it turning up later counts as reuse; spent, not revoked,
 * since a revoked token closes its family (`isSessionOpen`).
 */
export async function claimRefreshToken(db: Kysely<DB>, id: string, now: number, retryKeyHash: string | null): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now, retry_key_hash: retryKeyHash })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Links a used token to the token it was rotated into. */
export async function setReplacedBy(db: Kysely<DB>, id: string, successorId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ replaced_by: successorId }).where('id', '=', id).execute();
}

export async function revokeFamily(db: Kysely<DB>, familyId: string, now: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user: their refresh-token families are revoked, and with them their access tokens. */
export async function revokeAllForUser(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/**
 * Whether a session (refresh-token family) of the user is open: it has tokens, none revoked
 * (revoking a family revokes every token of it), and its absolute expiry is ahead. A deleted
 * user's tokens are gone with them.
 */
export async function isSessionOpen(db: Kysely<DB>, userId: string, familyId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('tokens'),
      eb.fn.count<number | string>('revoked_at').as('revoked'),
      eb.fn.max('expires_at').as('expires_at'),
    ])
    .where('family_id', '=', familyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row && Number(row.tokens) > 0 && Number(row.revoked) === 0 && Number(row.expires_at) > now;
}

/** Whether the user has signed in from this address (its keyed hash) before. */
export async function isKnownSignInAddress(db: Kysely<DB>, userId: string, addressHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address_hash', '=', addressHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** How long an address a user signed in from counts as theirs. */
const SIGN_IN_ADDRESS_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** Remembers a successful sign-in's address; addresses unused for 180 days are forgotten. */
export async function rememberSignInAddress(db: Kysely<DB>, userId: string, addressHash: string, now: number): Promise<void> {
  await db
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, address_hash: addressHash, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address_hash']).doUpdateSet({ last_seen_at: now }))
    .execute();
  await db
    .deleteFrom('sign_in_addresses')
    .where('user_id', '=', userId)
    .where('last_seen_at', '<', now - SIGN_IN_ADDRESS_TTL_MS)
    .execute();
}

/** The users of a business, oldest first. */
export function listUsersOfBusiness(db: Kysely<DB>, vendorId: string) {
  return db.selectFrom('users').select(['id', 'email', 'role', 'created_at']).where('vendor_id', '=', vendorId).orderBy('created_at').execute();
}

/** Deletes a user of the business; their sessions and links go with them (foreign-key cascades). */
export async function deleteUserOfBusiness(db: Kysely<DB>, vendorId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setEmail(db: Kysely<DB>, userId: string, email: string, now: number): Promise<void> {
  await db.updateTable('users').set({ email, email_verified_at: now, updated_at: now }).where('id', '=', userId).execute();
}

export async function markEmailVerified(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
}

type LinkTable = 'password_resets' | 'email_changes' | 'email_verifications';

/** Stores a mailed link's token hash. */
export async function insertLink(
  db: Kysely<DB>,
  table: LinkTable,
  row: { id: string; userId: string; tokenHash: string; expiresAt: number; now: number; newEmail?: string },
): Promise<void> {
  const values = { id: row.id, user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt, used_at: null, created_at: row.now };
  if (table === 'email_changes')
    await db
      .insertInto(table)
      .values({ ...values, new_email: row.newEmail ?? '' })
      .execute();
  else await db.insertInto(table).values(values).execute();
}

/** Closes a user's open links of one kind: only the newest works (and none, after a password change). */
export async function closeOpenLinks(db: Kysely<DB>, table: LinkTable, userId: string, now: number): Promise<void> {
  await db.updateTable(table).set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * Uses a link if it is unused and unexpired, in one conditional statement so two racing uses
 * cannot both win. Returns its user (and, for an email change, the new address), or null.
 */
export async function claimLink(db: Kysely<DB>, table: LinkTable, tokenHash: string, now: number): Promise<{ userId: string; newEmail: string | null } | null> {
  const row = await db
    .selectFrom(table)
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db.updateTable(table).set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const newEmail =
    table === 'email_changes'
      ? ((await db.selectFrom('email_changes').select('new_email').where('id', '=', row.id).executeTakeFirst())?.new_email ?? null)
      : null;
  return { userId: row.user_id, newEmail };
}

/** The user a link (still open or not) was sent to, by its token hash. */
export function findLinkUser(db: Kysely<DB>, table: LinkTable, tokenHash: string) {
  return db
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.user_id`)
    .select(['users.id', 'users.email'])
    .where(`${table}.token_hash`, '=', tokenHash)
    .executeTakeFirst();
}
