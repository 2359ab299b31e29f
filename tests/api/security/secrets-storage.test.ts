import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/core/env';
import { loadJwtSecret, secretProblem } from '../../../server/core/secrets';
import { StartupError } from '../../../server/core/startup-error';
import { SCHEMAS_DIR } from '../../support/schemas';
import { spawnTsx } from '../../support/tsx-process';

const folders: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'secrets-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts the real server on `dir` (with `env` over the defaults); resolves with its exit code and stderr once it exits, or 'running' once it serves. */
async function start(dir: string, env: NodeJS.ProcessEnv = {}): Promise<{ outcome: number | string | null; stderr: string }> {
  const server = spawnTsx('server/index.ts', {
    launcher: 'node',
    stdout: 'pipe',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dir,
      SCHEMAS_DIR,
      WATCH_SCHEMAS: 'false',
      SEED_DEMO: 'false',
      JWT_SECRET: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
  });
  const outcome = await Promise.race([server.exited, server.waitForStdout(/Vendor dashboard running/, 60_000).then(() => 'running')]);
  await server.stop();
  return { outcome, stderr: server.stderr() };
}

describe('secrets and storage at start-up', () => {
  it('when DATA_DIR/jwt-secret is weak, empty, unreadable, or the database or uploads path is wrong, then the server refuses to start and names the file', async () => {
    const weak = await dataDir();
    await writeFile(path.join(weak, 'jwt-secret'), 'a\n');
    const empty = await dataDir();
    await writeFile(path.join(empty, 'jwt-secret'), '');
    const unreadable = await dataDir();
    await mkdir(path.join(unreadable, 'jwt-secret'));
    const badDatabase = await dataDir();
    await mkdir(path.join(badDatabase, 'vowly.sqlite'));
    const notADatabase = await dataDir();
    await writeFile(path.join(notADatabase, 'vowly.sqlite'), 'hello, this is a text file and not a database at all. '.repeat(40));
    const uploadsIsAFile = await dataDir();
    await writeFile(path.join(uploadsIsAFile, 'uploads'), 'not a folder');

    const [a, b, c, d, e, f] = await Promise.all([
      start(weak),
      start(empty),
      start(unreadable),
      start(badDatabase),
      start(notADatabase),
      start(uploadsIsAFile),
    ]);

    expect(a).toMatchObject({ outcome: 1 });
    expect(a.stderr).toContain(`Cannot start: The JWT secret in ${path.join(weak, 'jwt-secret')} is 1 bytes; it must be at least 32 random bytes`);
    expect(b).toMatchObject({ outcome: 1 });
    expect(b.stderr).toContain(`The JWT secret in ${path.join(empty, 'jwt-secret')} is 0 bytes`);
    expect(c).toMatchObject({ outcome: 1 });
    expect(c.stderr).toContain(`Cannot read the JWT secret ${path.join(unreadable, 'jwt-secret')} (EISDIR`);
    expect(c.stderr).not.toContain('EEXIST');
    expect(d).toMatchObject({ outcome: 1 });
    expect(d.stderr).toContain(`Cannot open the SQLite database ${path.join(badDatabase, 'vowly.sqlite')} (SQLITE_CANTOPEN`);
    expect(e).toMatchObject({ outcome: 1 });
    expect(e.stderr).toContain(`Cannot open the SQLite database ${path.join(notADatabase, 'vowly.sqlite')} (SQLITE_NOTADB: file is not a database)`);
    expect(f).toMatchObject({ outcome: 1 });
    expect(f.stderr).toContain(`Cannot store uploaded images in ${path.join(uploadsIsAFile, 'uploads')} (it is a file, not a folder)`);
    for (const { stderr } of [a, b, c, d, e, f]) expect(stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('when DATA_DIR is fresh, then the server generates a strong secret readable by its owner only and starts', async () => {
    const fresh = await dataDir();

    const started = await start(fresh);

    expect(started.outcome).toBe('running');
    const secret = (await readFile(path.join(fresh, 'jwt-secret'), 'utf8')).trim();
    expect(secretProblem(secret)).toBeNull();
    expect((await stat(path.join(fresh, 'jwt-secret'))).mode & 0o777).toBe(0o600);
  }, 60_000);
});

describe('secretProblem and loadJwtSecret', () => {
  it('when a secret is 32 random bytes in base64 or hex, then it is accepted, every time', async () => {
    const { randomBytes } = await import('node:crypto');
    for (let i = 0; i < 2_000; i += 1) {
      expect(secretProblem(randomBytes(32).toString('base64'))).toBeNull();
      expect(secretProblem(randomBytes(32).toString('hex'))).toBeNull();
    }
  });

  it('when a secret is short, repeated or patterned, then it is refused', () => {
    for (const weak of ['a', '', 'a'.repeat(64), 'password'.repeat(5), '0123456789abcdef0123456789abcdef', 'my-super-secret-jwt-key-for-prod!']) {
      expect(secretProblem(weak), weak).not.toBeNull();
    }
  });

  it('when NODE_ENV=production comes without SMTP_URL, then the server refuses to start and names it; with SMTP_URL it starts', async () => {
    const [without, withSmtp] = await Promise.all([
      start(await dataDir(), { NODE_ENV: 'production' }),
      start(await dataDir(), { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }),
    ]);

    expect(without).toMatchObject({ outcome: 1 });
    expect(without.stderr).toContain('SMTP_URL: required with NODE_ENV=production');
    expect(without.stderr).toContain("password resets and couples' request links would never arrive");
    expect(withSmtp).toMatchObject({ outcome: 'running' });
  });

  it('when NODE_ENV=production and SMTP_URL is missing or empty, then the environment is refused naming SMTP_URL; development and test keep the outbox', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required with NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: 'production', SMTP_URL: ' ' })).toThrow(/SMTP_URL: required with NODE_ENV=production/);
    expect(parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).SMTP_URL).toBe('smtp://mail.example.com:587');
    expect(parseEnv({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: 'test' }).SMTP_URL).toBeUndefined();
  });

  it('when JWT_SECRET is weak, then the environment is refused naming it', () => {
    expect(() => parseEnv({ JWT_SECRET: 'a'.repeat(40) })).toThrow(/JWT_SECRET: is not random enough/);
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: is 5 bytes/);
  });

  it('when two instances sharing DATA_DIR generate the secret at once, then both use the same one', async () => {
    const shared = await dataDir();
    const secrets = await Promise.all([0, 1, 2, 3].map(async () => Buffer.from(loadJwtSecret(undefined, shared)).toString()));
    expect(new Set(secrets).size).toBe(1);
  });

  it('when the secret file holds a weak secret, then a StartupError names the file', async () => {
    const dir = await dataDir();
    await writeFile(path.join(dir, 'jwt-secret'), 'short');
    expect(() => loadJwtSecret(undefined, dir)).toThrow(StartupError);
    expect(() => loadJwtSecret(undefined, dir)).toThrow(path.join(dir, 'jwt-secret'));
  });
});
