import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/001-accounts';
import * as sessionCutoff from './migrations/002-session-cutoff';
import * as formData from './migrations/003-form-data';
import * as account from './migrations/004-account';
import * as profile from './migrations/005-profile';

/** Migrations in code (no file-system scanning), in order. */
const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-session-cutoff': sessionCutoff,
  '003-form-data': formData,
  '004-account': account,
  '005-profile': profile,
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

/** Undoes every migration (tests of the down path). */
export async function migrateAllDown(db: Kysely<unknown>, schema?: string): Promise<void> {
  const { error } = await migrator(db, schema).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
