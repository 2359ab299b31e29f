import {
  Migrator,
  NO_MIGRATIONS,
  PostgresAdapter,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type TableMetadata,
} from 'kysely';

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
 * What the migrator asks PostgreSQL, about one schema only: the names of its tables (no columns).
 * Kysely's own introspector reads every column of every table in every schema, calling
 * `has_schema_privilege` and `pg_get_serial_sequence` on each: slower as a shared database holds
 * more schemas, and failing ("relation … does not exist") when another connection drops a schema
 * while it reads, as test suites, other tenants or other apps of that database may.
 */
function onePostgresSchema(db: Kysely<unknown>, schema: string | undefined): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ name: string; schema: string; is_view: boolean }>`
      select c.relname as name, n.nspname as schema, c.relkind = 'v' as is_view
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = coalesce(${schema ?? null}::text, current_schema()) and c.relkind in ('r', 'p', 'v')`.execute(db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.is_view, columns: [] }));
  };
  return {
    getSchemas: async () => (await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(db)).rows,
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
}

/**
 * The database as the migrator sees it: on PostgreSQL, its introspection is of the one schema it
 * migrates (`onePostgresSchema`); everything else is the database itself.
 */
function forMigrator(db: Kysely<unknown>, schema: string | undefined): Kysely<unknown> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return db;
  const introspection = onePostgresSchema(db, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      // Kysely keeps its state in private fields: its methods must run on the instance itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * `schema`: the PostgreSQL schema whose migration tables to use (each test suite has its own;
 * without it, the connection's current schema).
 */
function migrator(db: Kysely<unknown>, migrations: Migrations, schema?: string) {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  return new Migrator({ db: forMigrator(db, schema), provider, ...(schema ? { migrationTableSchema: schema } : {}) });
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
