import type { Kysely } from 'kysely';
import type { DB, InvitationRow } from '../db/schema';

export async function insertInvitation(db: Kysely<DB>, row: Omit<InvitationRow, 'accepted_at' | 'revoked_at'>): Promise<void> {
  await db.insertInto('invitations').values({ ...row, accepted_at: null, revoked_at: null }).execute();
}

/** An invitation that can still be accepted. */
export function findOpenInvitation(db: Kysely<DB>, tokenHash: string, now: number) {
  return db
    .selectFrom('invitations')
    .innerJoin('vendors', 'vendors.id', 'invitations.vendor_id')
    .select(['invitations.id', 'invitations.vendor_id', 'invitations.email', 'vendors.business_name'])
    .where('invitations.token_hash', '=', tokenHash)
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .where('invitations.expires_at', '>', now)
    .executeTakeFirst();
}

/** Accepts an open invitation; false if someone else used it first. */
export async function markAccepted(db: Kysely<DB>, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('invitations').set({ accepted_at: now }).where('id', '=', id).where('accepted_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
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

export function listMembers(db: Kysely<DB>, vendorId: string) {
  return db.selectFrom('users').select(['id', 'email', 'role', 'created_at']).where('vendor_id', '=', vendorId).orderBy('created_at').execute();
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

/** Deletes a user of the business; their sessions, resets, email changes and preferences go with them (FK cascades). */
export async function deleteMember(db: Kysely<DB>, vendorId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', userId).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
