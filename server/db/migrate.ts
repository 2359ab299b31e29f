import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as accounts from './migrations/001-accounts';
import * as sessionCutoff from './migrations/002-session-cutoff';
import * as formData from './migrations/003-form-data';

/** Migrations in code (no file-system scanning), in order. */
const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-session-cutoff': sessionCutoff,
  '003-form-data': formData,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

function migrator(db: Kysely<unknown>) {
  return new Migrator({ db, provider });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Undoes every migration (tests of the down path). */
export async function migrateAllDown(db: Kysely<unknown>): Promise<void> {
  const { error } = await migrator(db).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
