import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** Migrations by name: core's and each module's own (`server/<module>/migrations/`). */
export type Migrations = Record<string, Migration>;

/**
 * One set of migrations from core's and every module's: they run in one order, by name (the
 * number in front of each), whoever owns them. Two owners of one name is a programming error.
 */
export function collectMigrations(...sets: Migrations[]): Migrations {
  const all: Migrations = {};
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set)) {
      if (name in all) throw new Error(`Two migrations are named ${name}: each name is one migration, whoever owns it`);
      all[name] = migration;
    }
  }
  return all;
}

/**
 * `schema`: the PostgreSQL schema whose migration tables to use (each test suite has its own;
 * without it Kysely may find another schema's tables and skip creating its own).
 */
function migrator(db: Kysely<unknown>, migrations: Migrations, schema?: string) {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, migrations: Migrations, schema?: string): Promise<string[]> {
  const { error, results } = await migrator(db, migrations, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Moves the schema to just after migration `name`, up or down (tests of one migration over old data). */
export async function migrateTo(db: Kysely<unknown>, migrations: Migrations, name: string, schema?: string): Promise<void> {
  const { error } = await migrator(db, migrations, schema).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Undoes every migration (tests of the down path). */
export async function migrateAllDown(db: Kysely<unknown>, migrations: Migrations, schema?: string): Promise<void> {
  const { error } = await migrator(db, migrations, schema).migrateTo(NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
