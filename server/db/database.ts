import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import type { DB } from './schema';

/** The store: one Kysely code path over SQLite (default, embedded) or PostgreSQL. */
export interface Database {
  db: Kysely<DB>;
  dialect: 'sqlite' | 'postgres';
  /**
   * Runs `fn` in a write transaction. On SQLite it starts with BEGIN IMMEDIATE, so two
   * processes writing the same file queue on the busy timeout instead of failing mid-way.
   */
  writeTransaction<T>(fn: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; /** Search path (tests use one schema per suite). */ schema?: string };

async function openSqlite(file: string): Promise<Database> {
  const { default: SQLite } = await import('better-sqlite3');
  const connection = new SQLite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: connection }) });
  return {
    db,
    dialect: 'sqlite',
    // Kysely's SQLite driver has one connection behind a mutex: holding it makes this exclusive.
    writeTransaction: (fn) =>
      db.connection().execute(async (conn) => {
        await sql`BEGIN IMMEDIATE`.execute(conn);
        try {
          const result = await fn(conn);
          await sql`COMMIT`.execute(conn);
          return result;
        } catch (error) {
          await sql`ROLLBACK`.execute(conn);
          throw error;
        }
      }),
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string, schema: string | undefined): Promise<Database> {
  const pg = await import('pg');
  const { Pool, types } = pg.default;
  // bigint columns hold epoch milliseconds, well inside Number's safe range.
  types.setTypeParser(types.builtins.INT8, (value) => Number(value));
  const pool = new Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    writeTransaction: (fn) => db.transaction().execute((trx: Transaction<DB>) => fn(trx)),
    close: () => db.destroy(),
  };
}

/** Opens the database; migrations are run separately (`migrateToLatest`). */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'sqlite' ? openSqlite(options.file) : openPostgres(options.url, options.schema);
}
