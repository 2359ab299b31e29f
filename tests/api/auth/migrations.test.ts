import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAllDown, migrateToLatest } from '../../../server/core/db/migrate';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../helpers/test-app';
import { login, me, registerVendor, uniqueEmail } from './support';

const TABLES = ['vendors', 'users', 'refresh_tokens', 'password_resets', 'invitations', 'dev_mailbox', 'jobs', 'email_verifications', 'email_changes', 'notification_preferences', 'profiles', 'profile_photos', 'calendar_feeds'] as const;

describe.each(TEST_DATABASES)('migrations on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the schema is already up to date, then migrateToLatest applies nothing', async () => {
    expect(await migrateToLatest(ctx.database.db as never, ctx.database.schema)).toEqual([]);
  });

  it('when every migration is undone and redone, then the tables are recreated empty and new accounts work end to end', async () => {
    const before = await registerVendor(ctx, { email: uniqueEmail('before') });

    await migrateAllDown(ctx.database.db as never, ctx.database.schema);
    for (const table of TABLES) {
      await expect(ctx.database.db.selectFrom(table).selectAll().execute(), `${table} should be dropped`).rejects.toThrow();
    }

    expect(await migrateToLatest(ctx.database.db as never, ctx.database.schema)).toEqual(['001-accounts', '002-session-cutoff', '003-form-data', '004-account', '005-profile', '006-session-ids', '007-jobs', '008-dev-mailbox', '009-email-verification', '010-sign-in-count', '011-marketplace', '012-calendar-feeds', '013-quote-list-versions', '014-billing']);
    for (const table of TABLES) {
      expect(await ctx.database.db.selectFrom(table).selectAll().execute(), `${table} should be empty`).toEqual([]);
    }

    // The account made before the round trip is gone; a new one is written and read back.
    expect((await login(ctx, before.email, before.password)).status).toBe(401);
    const after = await registerVendor(ctx, { email: uniqueEmail('after'), businessName: 'Round Trip Rentals' });
    const signedIn = await login(ctx, after.email, after.password);
    expect(signedIn.status).toBe(200);
    const record = await me(ctx, after.accessToken);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ data: { email: after.email, business_name: 'Round Trip Rentals', role: 'admin' } });
    const users = await ctx.database.db.selectFrom('users').select('email').execute();
    expect(users).toEqual([{ email: after.email }]);
  });

  it('when migrated twice in a row after a round trip, then the second run is a no-op and the data stays', async () => {
    const account = await registerVendor(ctx);

    expect(await migrateToLatest(ctx.database.db as never, ctx.database.schema)).toEqual([]);

    expect((await login(ctx, account.email, account.password)).status).toBe(200);
  });
});
