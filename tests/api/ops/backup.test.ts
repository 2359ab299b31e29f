import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/core/db/database';
import { migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { BackupError, backup, backupName, integrityOf, restore } from '../../../server/ops/backup';
import { login, registerVendor } from '../../support/api/http';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { spawnProcessGroup } from '../../support/tsx-process';

let work: string;
const contexts: TestContext[] = [];

afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A DATA_DIR as the server leaves it: the database, the generated token secret, an uploaded image. */
async function aDataDir(): Promise<{ dataDir: string; ctx: TestContext }> {
  work = await mkdtemp(path.join(tmpdir(), 'backup-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(path.join(dataDir, 'uploads', 'ab'), { recursive: true });
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'the-generated-secret\n', { mode: 0o600 });
  writeFileSync(path.join(dataDir, 'uploads', 'ab', 'cake.webp'), 'image bytes');
  const ctx = await createTestContext({ sqliteFile: path.join(dataDir, 'vowly.sqlite') });
  contexts.push(ctx);
  return { dataDir, ctx };
}

function usersIn(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('select email from users order by email').all() as { email: string }[]).map((row) => row.email);
  } finally {
    db.close();
  }
}

describe('npm run backup and restore on SQLite (docs/operators.md)', () => {
  it('when a backup is taken while the server keeps writing, then it is a consistent copy holding every sign-up acknowledged before it, with the secret and uploads', async () => {
    const { dataDir, ctx } = await aDataDir();
    const before = await Promise.all([0, 1, 2].map((i) => registerVendor(ctx, { email: `before-${i}@example.com` })));
    // Sign-ups go on while the copy is made.
    let writing = true;
    const during = (async () => {
      let i = 0;
      while (writing) await registerVendor(ctx, { email: `during-${(i += 1)}@example.com` });
      return i;
    })();

    const result = await backup({ dataDir }, path.join(work, 'backups'), new Date('2026-11-28T15:40:02.123Z'));
    writing = false;
    await during;

    expect(path.basename(result.folder)).toBe('vowly-2026-11-28T15-40-02Z');
    expect(integrityOf(result.database.file)).toBe('ok');
    expect(usersIn(result.database.file)).toEqual(expect.arrayContaining(before.map((vendor) => vendor.email)));
    expect(result.carried).toEqual(['jwt-secret', 'uploads']);
    expect(readFileSync(path.join(result.folder, 'jwt-secret'), 'utf8')).toBe('the-generated-secret\n');
    expect(readFileSync(path.join(result.folder, 'uploads', 'ab', 'cake.webp'), 'utf8')).toBe('image bytes');
  });

  it('when the server is still running, then restore refuses and changes nothing', async () => {
    const { dataDir, ctx } = await aDataDir();
    await registerVendor(ctx, { email: 'kept@example.com' });
    const taken = await backup({ dataDir }, path.join(work, 'backups'));

    await expect(restore({ dataDir }, taken.folder)).rejects.toThrow(/A server has .*vowly\.sqlite open: stop it first; nothing was changed/);

    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'uploads', 'vowly.sqlite', 'vowly.sqlite-shm', 'vowly.sqlite-wal']);
  });

  it('when a backup is restored after the server stopped, then the data is as it was at the backup, and what was there is set aside, not deleted', async () => {
    const { dataDir, ctx } = await aDataDir();
    const vendor = await registerVendor(ctx, { email: 'restored@example.com' });
    const taken = await backup({ dataDir }, path.join(work, 'backups'));
    await registerVendor(ctx, { email: 'after-backup@example.com' });
    await contexts.pop()!.close();

    const result = await restore({ dataDir }, taken.folder, new Date('2026-11-28T16:00:00Z'));

    expect(result).toEqual({ setAside: path.join(dataDir, 'before-restore-2026-11-28T16-00-00Z'), restored: ['vowly.sqlite', 'jwt-secret', 'uploads'] });
    expect(usersIn(path.join(dataDir, 'vowly.sqlite'))).toEqual(['restored@example.com']);
    expect(usersIn(path.join(result.setAside!, 'vowly.sqlite'))).toEqual(['after-backup@example.com', 'restored@example.com']);
    // The restored store serves: the vendor signs in with the password of the backup's time.
    const again = await createTestContext({ sqliteFile: path.join(dataDir, 'vowly.sqlite') });
    contexts.push(again);
    expect((await login(again, vendor.email, vendor.password)).status).toBe(200);
  });

  it('when the backup is damaged, then restore refuses before touching anything', async () => {
    const { dataDir } = await aDataDir();
    const taken = await backup({ dataDir }, path.join(work, 'backups'));
    await contexts.pop()!.close();
    const bytes = readFileSync(taken.database.file);
    bytes.fill(0x41, 4096, 8192);
    writeFileSync(taken.database.file, bytes);

    await expect(restore({ dataDir }, taken.folder)).rejects.toThrow(BackupError);

    expect(readdirSync(dataDir).filter((name) => name.startsWith('before-restore'))).toEqual([]);
    expect(integrityOf(path.join(dataDir, 'vowly.sqlite'))).toBe('ok');
  });

  it('when run as npm scripts, then backup prints where it wrote and how to restore, and restore without a folder says what it needs', async () => {
    const { dataDir } = await aDataDir();
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
    const into = path.join(work, 'cli-backups');

    const backupRun = spawnProcessGroup('npm', ['run', '-s', 'backup', '--', '--to', into], { env, stdout: 'pipe' });
    expect(await backupRun.exited).toBe(0);
    const [folder] = readdirSync(into);
    expect(folder).toMatch(/^vowly-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    expect(backupRun.stdout()).toMatch(new RegExp(`Backup written: .*${folder}`));
    expect(backupRun.stdout()).toMatch(/vowly\.sqlite [\d,]+ KB, integrity ok; also jwt-secret, uploads/);
    expect(backupRun.stdout()).toMatch(/Restore with: npm run restore -- /);

    const restoreRun = spawnProcessGroup('npm', ['run', '-s', 'restore'], { env, stdout: 'pipe' });
    expect(await restoreRun.exited).toBe(1);
    expect(restoreRun.stderr()).toMatch(/Cannot restore: name the backup folder/);
  }, 60_000);

  it('names backups so that they sort by time', () => {
    expect(backupName(new Date('2026-01-02T03:04:05.678Z'))).toBe('vowly-2026-01-02T03-04-05Z');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('npm run backup and restore on PostgreSQL', () => {
  it('when a database is dumped and restored over later changes, then it is as it was at the backup', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'backup-pg-'));
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const name = `vowly_backup_${process.pid}_${Date.now()}`;
    const admin = await openDatabase({ kind: 'postgres', url: base.href });
    await sql.raw(`create database ${name}`).execute(admin.db);
    const url = new URL(base.href);
    url.pathname = `/${name}`;
    try {
      const database = await openDatabase({ kind: 'postgres', url: url.href });
      await migrateToLatest(database.db as never, migrations);
      // The whole migrated schema is dumped; a table of its own tells what the restore brought back.
      await sql`create table backup_probe (email text primary key)`.execute(database.db);
      const insert = (email: string) => sql`insert into backup_probe (email) values (${email})`.execute(database.db);
      await insert('kept@example.com');
      const taken = await backup({ dataDir: path.join(work, 'data'), databaseUrl: url.href }, path.join(work, 'backups'));
      await insert('after-backup@example.com');
      await database.close();

      await restore({ dataDir: path.join(work, 'data'), databaseUrl: url.href }, taken.folder);

      const reopened = await openDatabase({ kind: 'postgres', url: url.href });
      const emails = await sql<{ email: string }>`select email from backup_probe order by email`.execute(reopened.db);
      const migrated = await sql<{ count: string }>`select count(*) as count from kysely_migration`.execute(reopened.db);
      await reopened.close();
      expect(emails.rows.map((row) => row.email)).toEqual(['kept@example.com']);
      expect(Number(migrated.rows[0]!.count)).toBe(Object.keys(migrations).length);
      expect(existsSync(path.join(taken.folder, 'vowly.pgdump'))).toBe(true);
    } finally {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    }
  }, 60_000);
});
