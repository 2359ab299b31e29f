import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../../../server/core/db/database';

/** Every table's row count and a hash of its rows (in any order), by table name. */
export type TableSnapshot = Map<string, { rows: number; hash: string }>;

/** A table whose rows differ between two snapshots. */
export interface TableChange {
  table: string;
  rowsBefore: number;
  rowsAfter: number;
}

function encode(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return value;
}

/** The tables of this database (on PostgreSQL, of its test schema only: other suites create and drop theirs meanwhile). */
async function tableNames(database: Database & { schema?: string }): Promise<string[]> {
  const query =
    database.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = ${database.schema ?? 'public'} and table_type = 'BASE TABLE' order by table_name`;
  return (await query.execute(database.db)).rows.map((row) => row.name);
}

/** Reads every row of every table (listed once, when made): what a refused request must leave as it found it. */
export async function createSnapshotter(database: Database & { schema?: string }): Promise<() => Promise<TableSnapshot>> {
  const tables = await tableNames(database);
  return async () => {
    const snapshot: TableSnapshot = new Map();
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
      const lines = rows.map((row) => JSON.stringify(row, encode)).sort();
      snapshot.set(table, { rows: rows.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') });
    }
    return snapshot;
  };
}

/** The tables whose rows changed from `before` to `after` (a table added or dropped counts). */
export function changedTables(before: TableSnapshot, after: TableSnapshot): TableChange[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .filter((table) => before.get(table)?.hash !== after.get(table)?.hash)
    .map((table) => ({ table, rowsBefore: before.get(table)?.rows ?? 0, rowsAfter: after.get(table)?.rows ?? 0 }));
}

/**
 * A number that moves whenever a row may have been written, read in one cheap query, so the
 * walk reads whole snapshots only around requests that wrote. SQLite: `total_changes()` of the
 * app's one connection. PostgreSQL has no such count per schema, so a statement trigger on each
 * table of the test schema bumps a sequence (not transactional: a rolled-back write moves it
 * too, which costs a snapshot, never a false finding); the schema is dropped with the test.
 */
export async function createWriteCounter(database: Database & { schema?: string }): Promise<() => Promise<string>> {
  if (database.dialect === 'sqlite') {
    return async () => String((await sql<{ n: number }>`select total_changes() as n`.execute(database.db)).rows[0]?.n ?? '');
  }
  const schema = database.schema ?? 'public';
  const sequence = sql.table(`${schema}.corpus_writes`);
  const fn = sql.raw(`"${schema}".corpus_count_write`);
  await sql`create sequence if not exists ${sequence}`.execute(database.db);
  await sql`create or replace function ${fn}() returns trigger language plpgsql as $$ begin perform nextval('"${sql.raw(schema)}".corpus_writes'); return null; end $$`.execute(
    database.db,
  );
  for (const table of await tableNames(database)) {
    await sql`create or replace trigger corpus_count_write after insert or update or delete on ${sql.table(`${schema}.${table}`)} for each statement execute function ${fn}()`.execute(
      database.db,
    );
  }
  return async () =>
    String((await sql<{ n: string }>`select last_value::text || ':' || is_called::text as n from ${sequence}`.execute(database.db)).rows[0]?.n ?? '');
}
