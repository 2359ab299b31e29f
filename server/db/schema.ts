import type { Insertable, Selectable, Updateable } from 'kysely';

/** Times are epoch milliseconds (bigint on PostgreSQL, integer on SQLite); flags are 0/1. */
export interface VendorsTable {
  id: string;
  business_name: string;
  payment_status: string;
  last_completed_step: number;
  /** JSON array of vendor type ids. */
  categories: string;
  /** JSON object of vendor-record fields written by forms (the guard's fields among them). */
  fields: string;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: string;
  vendor_id: string;
  /** Lower-cased. */
  email: string;
  password_hash: string | null;
  role: string;
  google_sub: string | null;
  /** Access tokens issued before this time (epoch ms) are refused. */
  sessions_valid_after: number;
  created_at: number;
  updated_at: number;
}

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
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

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

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

export interface FormDataTable {
  vendor_id: string;
  form_id: string;
  /** The form's schema version the data was saved under. */
  version: number;
  /** JSON object. */
  data: string;
  updated_by: string;
  updated_at: number;
}

export interface EmailChangesTable {
  id: string;
  user_id: string;
  /** Lower-cased; becomes the user's email once the mailed link is used. */
  new_email: string;
  /** SHA-256 of the opaque token in the link. */
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** One row per user who changed the defaults (all on, by email); flags are 0/1. */
export interface NotificationPreferencesTable {
  user_id: string;
  new_matches: number;
  messages: number;
  reviews: number;
  weekly_summary: number;
  channel: string;
  updated_at: number;
}

/** One row per business that has touched its profile images; file names are under the uploads folder. */
export interface ProfilesTable {
  vendor_id: string;
  logo_file: string | null;
  logo_width: number | null;
  logo_height: number | null;
  updated_at: number;
}

export interface ProfilePhotosTable {
  id: string;
  vendor_id: string;
  /** The photo, longest side at most 1600 px. */
  file: string;
  /** A 400 × 400 crop for grids. */
  thumb_file: string;
  width: number;
  height: number;
  /** Order in the gallery, from 0. */
  position: number;
  created_at: number;
}

export interface DB {
  vendors: VendorsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  invitations: InvitationsTable;
  outbox: OutboxTable;
  form_data: FormDataTable;
  email_changes: EmailChangesTable;
  notification_preferences: NotificationPreferencesTable;
  profiles: ProfilesTable;
  profile_photos: ProfilePhotosTable;
}

export type VendorRow = Selectable<VendorsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type FormDataRow = Selectable<FormDataTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;
export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type ProfilePhotoRow = Selectable<ProfilePhotosTable>;
