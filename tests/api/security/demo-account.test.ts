import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/auth/demo-account';
import { retireDemoAccount, seedDemoAccount } from '../../../server/demo/demo.service';
import { parseEnv } from '../../../server/core/env';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { REPO_ROOT } from '../../support/tsx-process';
import { expectProblem, login, me } from '../../support/api/http';
import { openDatabase } from '../../../server/core/db/database';
import { findUserByEmail } from '../../../server/auth/auth.repository';

const run = promisify(execFile);

describe('the demo account outside development', () => {
  it('when NODE_ENV is production or test and SEED_DEMO is unset, then no demo is seeded; in development it is', () => {
    expect(parseEnv({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(false);
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('when SEED_DEMO=true is asked for in production, then the start stops naming it', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true', SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(
      /SEED_DEMO: the demo account cannot be created with NODE_ENV=production/,
    );
  });

  describe('a production server whose database still holds the demo account', () => {
    let ctx: TestContext;

    beforeAll(async () => {
      ctx = await createTestContext({ production: true });
      await seedDemoAccount(ctx.deps);
    });

    afterAll(async () => {
      await ctx?.close();
    });

    it('when someone signs in with the published demo password, then 401 and the log tells the operator to delete it', async () => {
      const res = await login(ctx, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);

      expectProblem(res, 401, 'invalid-credentials');
      expect(
        ctx.logger.lines.some((line) => line.level === 'warn' && line.message.includes('demo account') && line.message.includes('npm run demo:delete')),
      ).toBe(true);
    });

    it('when the email is typed in another case or with spaces, then it is refused all the same', async () => {
      expectProblem(await login(ctx, `  ${DEMO_ACCOUNT.email.toUpperCase()} `, DEMO_ACCOUNT.password), 401, 'invalid-credentials');
    });
  });

  it('when a production server starts over a database with a signed-in demo session, then that session ends', async () => {
    const ctx = await createTestContext();
    try {
      await seedDemoAccount(ctx.deps);
      const session = (await login(ctx, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).body as { data: { accessToken: string } };
      expect((await me(ctx, session.data.accessToken)).status).toBe(200);

      expect(await retireDemoAccount(ctx.deps)).toBe(true);

      expectProblem(await me(ctx, session.data.accessToken), 401, 'unauthorized');
      expect(ctx.logger.lines.some((line) => line.level === 'warn' && line.message.includes('npm run demo:delete'))).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('when the operator runs npm run demo:delete on the data folder, then the demo account and its business are gone', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'demo-delete-'));
    try {
      const env = { ...process.env, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', DATA_DIR: dataDir, DATABASE_URL: '' };
      // A first start in development seeded the demo into this folder.
      const seeded = await createTestContext({ sqliteFile: path.join(dataDir, 'vowly.sqlite') });
      await seedDemoAccount(seeded.deps);
      await seeded.close();

      const { stdout } = await run('npx', ['tsx', 'scripts/delete-demo.ts'], { cwd: REPO_ROOT, env, timeout: 60_000 });

      expect(stdout).toContain(`Deleted the demo account ${DEMO_ACCOUNT.email}`);
      const database = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'vowly.sqlite') });
      try {
        expect(await findUserByEmail(database.db, DEMO_ACCOUNT.email)).toBeUndefined();
        expect(await database.db.selectFrom('vendors').select('id').execute()).toEqual([]);
      } finally {
        await database.close();
      }
      const again = await run('npx', ['tsx', 'scripts/delete-demo.ts'], { cwd: REPO_ROOT, env, timeout: 60_000 });
      expect(again.stdout).toContain('nothing to delete');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
