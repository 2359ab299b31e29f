import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** The SQLite file in DATA_DIR, as server/index.ts opens it. */
export const SQLITE_FILE = 'vowly.sqlite';
/** The PostgreSQL dump inside a backup folder (pg_dump's custom format). */
export const PG_DUMP_FILE = 'vowly.pgdump';
/** What DATA_DIR holds besides the database and a backup carries along: the generated token secret, uploaded images. */
const CARRIED = ['jwt-secret', 'uploads'];

/** Where the data lives: DATA_DIR, and the PostgreSQL database when DATABASE_URL is set. */
export interface DataLocation {
  dataDir: string;
  databaseUrl?: string;
}

export interface BackupResult {
  folder: string;
  /** The database file or dump, and its size. */
  database: { file: string; bytes: number };
  /** Of DATA_DIR's other contents, what was copied. */
  carried: string[];
}

/** A name that sorts by time and is valid on every file system: `vowly-2026-11-28T15-40-02Z`. */
export function backupName(now: Date): string {
  return `vowly-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** `PRAGMA integrity_check` of a SQLite file: 'ok', or the problems it lists (or why it could not check). */
export function integrityOf(file: string): string {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } catch (error) {
    // A file too damaged to check at all ("file is not a database", "malformed").
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`
            : error.message,
        ),
      ),
    );
    child.once('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

function copyCarried(from: string, to: string): string[] {
  const carried: string[] = [];
  for (const name of CARRIED) {
    if (!existsSync(path.join(from, name))) continue;
    cpSync(path.join(from, name), path.join(to, name), { recursive: true, preserveTimestamps: true });
    carried.push(name);
  }
  return carried;
}

/**
 * Backs up a running or stopped server's data into `<into>/<backupName>`: SQLite through
 * `VACUUM INTO` (one read transaction: a consistent copy while the server goes on writing, checked
 * with integrity_check), PostgreSQL through `pg_dump --format=custom`; then the token secret and
 * the uploads. A folder that would be overwritten is refused.
 */
export async function backup(location: DataLocation, into: string, now = new Date()): Promise<BackupResult> {
  const folder = path.join(into, backupName(now));
  if (existsSync(folder)) throw new BackupError(`${folder} already exists: wait a second and run it again`);
  mkdirSync(folder, { recursive: true });
  try {
    let file: string;
    if (location.databaseUrl) {
      file = path.join(folder, PG_DUMP_FILE);
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, location.databaseUrl]);
    } else {
      const source = path.join(location.dataDir, SQLITE_FILE);
      if (!existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
      file = path.join(folder, SQLITE_FILE);
      const db = new Database(source, { readonly: true, fileMustExist: true });
      try {
        // Waits for a writer's transaction to end, as the server's own connection does.
        db.pragma('busy_timeout = 5000');
        db.prepare('VACUUM INTO ?').run(file);
      } finally {
        db.close();
      }
      const integrity = integrityOf(file);
      if (integrity !== 'ok') throw new BackupError(`The copy failed its integrity check: ${integrity}`);
    }
    return { folder, database: { file, bytes: statSync(file).size }, carried: copyCarried(location.dataDir, folder) };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Whether a process (a running server) has the SQLite file open: it then holds a lock an exclusive one must wait for. */
function inUse(file: string): boolean {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = exclusive');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  /** Where what was in DATA_DIR before went (nothing is deleted), or null when there was nothing. */
  setAside: string | null;
  restored: string[];
}

/**
 * Puts a backup folder back. SQLite: refused while a server has the database open; the backup is
 * checked first; the current database (with its -wal and -shm), token secret and uploads move to
 * `DATA_DIR/before-restore-<time>` rather than being deleted. PostgreSQL: `pg_restore --clean` into
 * DATABASE_URL's database (stop every instance first).
 */
export async function restore(location: DataLocation, folder: string, now = new Date()): Promise<RestoreResult> {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new BackupError(`${folder} is not a backup folder`);
  const carried = CARRIED.filter((name) => existsSync(path.join(folder, name)));
  if (location.databaseUrl) {
    const dump = path.join(folder, PG_DUMP_FILE);
    if (!existsSync(dump)) throw new BackupError(`${folder} holds no ${PG_DUMP_FILE}: it is a SQLite backup, and DATABASE_URL is set`);
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${location.databaseUrl}`, dump]);
    return { setAside: null, restored: [PG_DUMP_FILE, ...carried] };
  }
  const copy = path.join(folder, SQLITE_FILE);
  if (!existsSync(copy)) throw new BackupError(`${folder} holds no ${SQLITE_FILE}: it is a PostgreSQL backup, and DATABASE_URL is unset`);
  const integrity = integrityOf(copy);
  if (integrity !== 'ok') throw new BackupError(`The backup fails its integrity check (${integrity}); nothing was changed`);
  const live = path.join(location.dataDir, SQLITE_FILE);
  if (existsSync(live) && inUse(live)) throw new BackupError(`A server has ${live} open: stop it first; nothing was changed`);

  mkdirSync(location.dataDir, { recursive: true });
  const present = readdirSync(location.dataDir).filter((name) => [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, ...CARRIED].includes(name));
  let setAside: string | null = null;
  if (present.length > 0) {
    setAside = path.join(location.dataDir, `before-restore-${backupName(now).replace(/^vowly-/, '')}`);
    mkdirSync(setAside);
    for (const name of present) renameSync(path.join(location.dataDir, name), path.join(setAside, name));
  }
  cpSync(copy, live);
  for (const name of carried) cpSync(path.join(folder, name), path.join(location.dataDir, name), { recursive: true, preserveTimestamps: true });
  return { setAside, restored: [SQLITE_FILE, ...carried] };
}
