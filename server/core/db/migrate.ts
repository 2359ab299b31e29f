import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/001-accounts';
import * as sessionCutoff from './migrations/002-session-cutoff';
import * as formData from './migrations/003-form-data';
import * as account from './migrations/004-account';
import * as profile from './migrations/005-profile';
import * as sessionIds from './migrations/006-session-ids';
import * as jobs from './migrations/007-jobs';
import * as devMailbox from './migrations/008-dev-mailbox';
import * as emailVerification from './migrations/009-email-verification';
import * as signInCount from './migrations/010-sign-in-count';
import * as marketplace from './migrations/011-marketplace';
import * as calendarFeeds from './migrations/012-calendar-feeds';
import * as quoteListVersions from './migrations/013-quote-list-versions';
import * as billing from './migrations/014-billing';
import * as refreshRetry from './migrations/015-refresh-retry';
import * as requestLeases from './migrations/016-request-leases';

/** Migrations in code (no file-system scanning), in order. */
const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-session-cutoff': sessionCutoff,
  '003-form-data': formData,
  '004-account': account,
  '005-profile': profile,
  '006-session-ids': sessionIds,
  '007-jobs': jobs,
  '008-dev-mailbox': devMailbox,
  '009-email-verification': emailVerification,
  '010-sign-in-count': signInCount,
  '011-marketplace': marketplace,
  '012-calendar-feeds': calendarFeeds,
  '013-quote-list-versions': quoteListVersions,
  '014-billing': billing,
  '015-refresh-retry': refreshRetry,
  '016-request-leases': requestLeases,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema whose migration tables to use (each test suite has its own;
 * without it Kysely may find another schema's tables and skip creating its own).
 */
function migrator(db: Kysely<unknown>, schema?: string) {
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<string[]> {
  const { error, results } = await migrator(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Moves the schema to just after migration `name`, up or down (tests of one migration over old data). */
export async function migrateTo(db: Kysely<unknown>, name: string, schema?: string): Promise<void> {
  const { error } = await migrator(db, schema).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Undoes every migration (tests of the down path). */
export async function migrateAllDown(db: Kysely<unknown>, schema?: string): Promise<void> {
  const { error } = await migrator(db, schema).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
