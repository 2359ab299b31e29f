import type { Selectable } from 'kysely';

/** An invitation to join a business's team, mailed as a link (SHA-256 of its token). Times are epoch ms. */
export interface InvitationsTable {
  id: string;
  vendor_id: string;
  email: string;
  token_hash: string;
  invited_by: string;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

/** The team module's table. */
export interface TeamTables {
  invitations: InvitationsTable;
}

export type InvitationRow = Selectable<InvitationsTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends TeamTables {}
}
