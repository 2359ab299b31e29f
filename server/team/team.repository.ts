import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { InvitationRow } from './team.table';

export async function insertInvitation(db: Kysely<DB>, row: Omit<InvitationRow, 'accepted_at' | 'revoked_at'>): Promise<void> {
  await db
    .insertInto('invitations')
    .values({ ...row, accepted_at: null, revoked_at: null })
    .execute();
}

/** An invitation that can still be accepted. */
export function findOpenInvitation(db: Kysely<DB>, tokenHash: string, now: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'vendor_id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Accepts an open invitation; false if someone else used it first. */
export async function markAccepted(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvitation(db: Kysely<DB>, vendorId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('vendor_id', '=', vendorId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listPendingInvitations(db: Kysely<DB>, vendorId: string, now: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'email', 'created_at', 'expires_at'])
    .where('vendor_id', '=', vendorId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** How many invitations were sent since `since` (by the business, or to the address), and the oldest one's time. */
export async function countInvitationsSince(
  db: Kysely<DB>,
  by: { vendorId: string } | { email: string },
  since: number,
): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('vendorId' in by ? 'vendor_id' : 'email', '=', 'vendorId' in by ? by.vendorId : by.email)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}

/** Withdraws the business's open invitations to an address: a new one replaces them. */
export async function revokeOpenInvitationsTo(db: Kysely<DB>, vendorId: string, email: string, now: number): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('vendor_id', '=', vendorId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
