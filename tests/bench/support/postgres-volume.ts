import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../server/core/db/database';
import { spawnProcessGroup } from '../../support/tsx-process';

/** The PostgreSQL server a bench uses: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one. */
export function benchPostgresUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** A database of its own on the bench's server, seeded; `drop` removes it. */
export interface SeededPostgres {
  url: string;
  email: string;
  password: string;
  /** Seconds it took to seed or restore. */
  seconds: number;
  /** Whether it came from the cached dump. */
  cached: boolean;
  drop(): Promise<void>;
}

async function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  const child = spawnProcessGroup(command, args, { stdout: 'pipe' });
  const timer = setTimeout(() => void child.stop(), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${String(code)}:\n${child.stderr().slice(-2000)}`);
  return child.stdout();
}

/**
 * Creates database `name` (dropping one left by an earlier run) on the bench's PostgreSQL server
 * and fills it as `npm run seed:volume -- <args>` does with DATABASE_URL. The seeded database is
 * kept as a `pg_dump` custom-format file in `cacheDir` (tests/artifacts, keyed like the SQLite
 * folders by the seed's sources) and restored from it with `pg_restore` on later runs; without
 * `pg_dump` on the PATH it is seeded every time.
 */
export async function seededPostgres(name: string, args: string[], cacheDir: string, timeoutMs = 20 * 60_000): Promise<SeededPostgres> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const base = new URL(benchPostgresUrl());
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  const admin = await openDatabase({ kind: 'postgres', url: base.href });
  const drop = async () => {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
  };
  const started = performance.now();
  const dump = path.join(cacheDir, 'vowly.pgdump');
  const info = path.join(cacheDir, 'sign-in.json');
  try {
    await drop();
    await sql.raw(`create database ${name}`).execute(admin.db);
    if (existsSync(dump) && existsSync(info)) {
      await run('pg_restore', ['--no-owner', '--dbname', url.href, dump], timeoutMs);
      const signIn = JSON.parse(await readFile(info, 'utf8')) as { email: string; password: string };
      return { url: url.href, ...signIn, seconds: (performance.now() - started) / 1000, cached: true, drop: () => drop().finally(() => admin.close()) };
    }
    await rm(cacheDir, { recursive: true, force: true });
    await mkdir(cacheDir, { recursive: true });
    const seed = spawnProcessGroup('npx', ['tsx', 'scripts/seed-volume.ts', ...args], {
      stdout: 'pipe',
      env: { ...process.env, DATA_DIR: cacheDir, NODE_ENV: 'development', DATABASE_URL: url.href },
    });
    const [, email = '', password = ''] = await seed.waitForStdout(/Sign in as (\S+) \/ (\S+)\./, timeoutMs).finally(() => seed.stop());
    if (!spawnSync('pg_dump', ['--version']).error) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, url.href], timeoutMs);
      await writeFile(info, JSON.stringify({ email, password }));
    }
    return { url: url.href, email, password, seconds: (performance.now() - started) / 1000, cached: false, drop: () => drop().finally(() => admin.close()) };
  } catch (error) {
    await drop().finally(() => admin.close());
    throw error;
  }
}

/** Whether the bench's PostgreSQL server answers (a bench run without one skips its PostgreSQL figures, saying so). */
export async function benchPostgresReachable(): Promise<boolean> {
  try {
    const admin = await openDatabase({ kind: 'postgres', url: benchPostgresUrl() });
    try {
      await sql`select 1`.execute(admin.db);
      return true;
    } finally {
      await admin.close();
    }
  } catch {
    return false;
  }
}
