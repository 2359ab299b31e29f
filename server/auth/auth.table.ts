import type { Generated, Insertable, Selectable } from 'kysely';

/** A person who signs in: the business's owner or a team member. Times are epoch ms. */
export interface UsersTable {
  id: string;
  vendor_id: string;
  /** Lower-cased. */
  email: string;
  password_hash: string | null;
  role: string;
  google_sub: string | null;
  /** When the user proved they read mail at `email` (a link, Google, an invitation); null until then. */
  email_verified_at: number | null;
  /** New sessions the user has started (sign-up, sign-in, Google, joining a team); 1 on the first visit. */
  sign_in_count: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Refresh tokens; a family is one session, and access tokens name it. */
export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  /** Absolute expiry of the whole family (rotation does not extend it). */
  expires_at: number;
  created_at: number;
  used_at: number | null;
  revoked_at: number | null;
  /** The token this one was rotated into (the latest, after a retry); null while unused. */
  replaced_by: string | null;
  /** SHA-256 of the retry key sent with the use that rotated it, if one was sent. */
  retry_key_hash: string | null;
}

/** An address a user signed in from: HMAC of the address (never the address itself). */
export interface SignInAddressesTable {
  user_id: string;
  address_hash: string;
  last_seen_at: number;
}

/** A mailed link: a password reset, an email change or an email verification (SHA-256 of its token). */
interface OneTimeLink {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export type PasswordResetsTable = OneTimeLink;

export interface EmailChangesTable extends OneTimeLink {
  /** Lower-cased; becomes the user's email once the mailed link is used. */
  new_email: string;
}

export type EmailVerificationsTable = OneTimeLink;

/** The auth module's tables: users, their sessions and their one-time links. */
export interface AuthTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sign_in_addresses: SignInAddressesTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  email_verifications: EmailVerificationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends AuthTables {}
}
