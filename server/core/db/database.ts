import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import type { Logger } from '../logger';
import { StartupError, describeCause } from '../startup-error';
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
  /**
   * Runs `callback` once the write transaction `trx` has committed (never if it rolls back), or
   * at once when `trx` is not a transaction. For effects outside the database that must not run
   * before others can see the change (a session cache dropped, a job runner woken).
   */
  afterCommit(trx: Kysely<DB>, callback: () => void): void;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'postgres';
      url: string;
      /** Search path (tests use one schema per suite). */
      schema?: string;
      /** Where a connection lost while idle in the pool is told (PostgreSQL restarted, the backend ended); stderr if not given. */
      logger?: Pick<Logger, 'error'>;
    };

/** Opens the file; an error names it and its cause (a folder, no permission, not a database). */
async function connectSqlite(file: string) {
  const { default: SQLite } = await import('better-sqlite3');
  let connection: InstanceType<typeof SQLite> | null = null;
  try {
    connection = new SQLite(file);
    // The first statements read the file: a file that is not a database fails here, not at open.
    connection.pragma('journal_mode = WAL');
    connection.pragma('busy_timeout = 5000');
    connection.pragma('foreign_keys = ON');
    connection.pragma('synchronous = NORMAL');
    return connection;
  } catch (error) {
    connection?.close();
    throw new StartupError(
      `Cannot open the SQLite database ${file} (${describeCause(error)}). Check that it is a database file the server may read and write, in a folder it may write to.`,
      { cause: error },
    );
  }
}

/** The after-commit callbacks of each open write transaction, by its Kysely handle. */
function commitHooks() {
  const open = new WeakMap<object, (() => void)[]>();
  return {
    async run<T>(trx: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>, commit: () => Promise<void>, rollback: () => Promise<void>): Promise<T> {
      const callbacks: (() => void)[] = [];
      open.set(trx, callbacks);
      let result: T;
      try {
        result = await fn(trx);
        await commit();
      } catch (error) {
        open.delete(trx);
        await rollback();
        throw error;
      }
      open.delete(trx);
      for (const callback of callbacks) callback();
      return result;
    },
    afterCommit(trx: Kysely<DB>, callback: () => void) {
      const callbacks = open.get(trx);
      if (callbacks) callbacks.push(callback);
      else callback();
    },
  };
}

type SqliteConnection = Awaited<ReturnType<typeof connectSqlite>>;
type SqliteStatement = ReturnType<SqliteConnection['prepare']>;

/** Statements kept per connection: the distinct queries of the app and their `in (…)` lengths. */
const MAX_STATEMENTS = 1_000;

/**
 * The connection as Kysely's SQLite driver sees it, with its prepared statements kept by SQL
 * text: the driver prepares every query anew, which cost a third of a cached page's time
 * (docs/benchmarks.md). A statement still being iterated (a stream) is busy and is not lent
 * again; SQLite re-prepares a kept statement by itself after a schema change.
 */
function keepingStatements(connection: SqliteConnection) {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(text: string): SqliteStatement {
      const kept = statements.get(text);
      if (kept && !kept.busy) {
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      if (kept) return connection.prepare(text);
      const statement = connection.prepare(text);
      if (statements.size >= MAX_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

async function openSqlite(file: string): Promise<Database> {
  const connection = await connectSqlite(file);
  const hooks = commitHooks();
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: keepingStatements(connection) }) });
  return {
    db,
    dialect: 'sqlite',
    // Kysely's SQLite driver has one connection behind a mutex: holding it makes this exclusive.
    writeTransaction: (fn) =>
      db.connection().execute(async (conn) => {
        await sql`BEGIN IMMEDIATE`.execute(conn);
        return hooks.run(
          conn,
          fn,
          async () => void (await sql`COMMIT`.execute(conn)),
          async () => void (await sql`ROLLBACK`.execute(conn)),
        );
      }),
    afterCommit: hooks.afterCommit,
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string, schema: string | undefined, logger: Pick<Logger, 'error'> | undefined): Promise<Database> {
  const pg = await import('pg');
  const { Pool, types } = pg.default;
  // bigint columns hold epoch milliseconds, well inside Number's safe range.
  types.setTypeParser(types.builtins.INT8, (value) => Number(value));
  const pool = new Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle client that loses its connection emits 'error' on the pool; with no listener that is
  // an uncaught exception that ends the process. The pool drops the client and opens a new one on
  // the next query, so the loss is only worth a log line.
  pool.on('error', (error) => {
    const fields = { error: error.message };
    if (logger) logger.error('database connection lost while idle', fields);
    else process.stderr.write(`database connection lost while idle: ${fields.error}\n`);
  });
  // A client checked out of the pool has no 'error' listener (the pool removes its own), so losing
  // the connection mid-query would be an uncaught exception ending the process. The query itself
  // fails with the same error (answered 503), and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // Kysely commits when the callback resolves; the callbacks run once execute() has returned.
  const pgHooks = new WeakMap<object, (() => void)[]>();
  return {
    db,
    dialect: 'postgres',
    writeTransaction: async (fn) => {
      for (let attempt = 1; ; attempt += 1) {
        let after: () => void = () => {};
        try {
          const result = await db.transaction().execute((trx: Transaction<DB>) => {
            const callbacks: (() => void)[] = [];
            pgHooks.set(trx, callbacks);
            after = () => callbacks.forEach((callback) => callback());
            return fn(trx);
          });
          after();
          return result;
        } catch (error) {
          // PostgreSQL chose this transaction as a deadlock's victim and rolled it all back (two
          // changes touching the same businesses' rows or live-event locks in opposite orders):
          // it is run again. Transaction bodies only touch the database (effects go after commit
          // or into jobs), so running one again is what the caller would have done.
          if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
        }
      }
    },
    afterCommit(trx, callback) {
      const callbacks = pgHooks.get(trx);
      if (callbacks) callbacks.push(callback);
      else callback();
    },
    close: () => db.destroy(),
  };
}

/** Attempts of a PostgreSQL write transaction that keeps being a deadlock's victim. */
const DEADLOCK_ATTEMPTS = 3;

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

/** Opens the database; migrations are run separately (`migrateToLatest`). */
export function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'sqlite' ? openSqlite(options.file) : openPostgres(options.url, options.schema, options.logger);
}
