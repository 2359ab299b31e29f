import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { collectMigrations, migrateAllDown, migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { login, me, registerVendor, uniqueEmail } from '../../support/api/http';

const TABLES = [
  'vendors',
  'users',
  'refresh_tokens',
  'password_resets',
  'invitations',
  'dev_mailbox',
  'jobs',
  'email_verifications',
  'email_changes',
  'notification_preferences',
  'profiles',
  'profile_photos',
  'calendar_feeds',
  'message_snippets',
  'message_snippet_seeds',
  'quote_day_counts',
  'quote_templates',
] as const;

/** Every migration, in the order they run: a rename or a new one is a change this list states. */
const MIGRATION_NAMES = [
  '001-accounts',
  '002-session-cutoff',
  '003-form-data',
  '004-account',
  '005-profile',
  '006-session-ids',
  '007-jobs',
  '008-dev-mailbox',
  '009-email-verification',
  '010-sign-in-count',
  '011-marketplace',
  '012-calendar-feeds',
  '013-quote-list-versions',
  '014-billing',
  '015-refresh-retry',
  '016-idempotency-leases',
  '017-invoice-request-keys',
  '018-request-close-jobs',
  '019-message-threads',
  '020-reviews',
  '021-live-events',
  '022-first-response',
  '023-message-snippets',
  '024-profile-visits',
  '025-analytics-indexes',
  '026-accepted-at',
  '027-quote-day-counts',
  '028-lead-credits-index',
  '029-awaiting-match',
  '030-quote-templates',
  '031-one-question-once',
  '032-one-report-per-review',
  '033-couple-mail',
];

describe.each(TEST_DATABASES)('migrations on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the schema is already up to date, then migrateToLatest applies nothing', async () => {
    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toEqual([]);
  });

  it('when every migration is undone and redone, then the tables are recreated empty and new accounts work end to end', async () => {
    const before = await registerVendor(ctx, { email: uniqueEmail('before') });

    await migrateAllDown(ctx.database.db as never, migrations, ctx.database.schema);
    for (const table of TABLES) {
      await expect(ctx.database.db.selectFrom(table).selectAll().execute(), `${table} should be dropped`).rejects.toThrow();
    }

    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toEqual(MIGRATION_NAMES);
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

    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toEqual([]);

    expect((await login(ctx, account.email, account.password)).status).toBe(200);
  });

  it('when 014 runs over a credits ledger written before it, then every row gets the balance it left, in order, per business', async () => {
    const first = await registerVendor(ctx);
    const second = await registerVendor(ctx);
    await migrateTo(ctx.database.db as never, migrations, '013-quote-list-versions', ctx.database.schema);
    const rows = [
      [first.vendor.vendor_id, -1, 'lead', 2],
      [first.vendor.vendor_id, 25, 'purchase', 3],
      [second.vendor.vendor_id, -3, 'lead', 2],
    ] as const;
    for (const [vendorId, delta, reason, later] of rows) {
      await sql`insert into credit_entries (id, vendor_id, delta, reason, quote_id, note, created_at) values (${`${vendorId}-${reason}`}, ${vendorId}, ${delta}, ${reason}, null, null, ${Date.now() + later * 1000})`.execute(
        ctx.database.db,
      );
    }

    await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema);

    const ledger = async (vendorId: string) =>
      (
        await ctx.database.db.selectFrom('credit_entries').select(['delta', 'balance_after']).where('vendor_id', '=', vendorId).orderBy('created_at').execute()
      ).map((row) => [Number(row.delta), Number(row.balance_after)]);
    expect(await ledger(first.vendor.vendor_id)).toEqual([
      [10, 10],
      [-1, 9],
      [25, 34],
    ]);
    expect(await ledger(second.vendor.vendor_id)).toEqual([
      [10, 10],
      [-3, 7],
    ]);
  });

  it("when a database was migrated while every migration lived in core, then the modules' migrations recognise each one by name and only the newer ones run", async () => {
    const account = await registerVendor(ctx);
    // What the last layout with every migration in server/core/db/migrations had run, by name.
    const before = MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf('015-refresh-retry') + 1);
    await migrateTo(ctx.database.db as never, migrations, '015-refresh-retry', ctx.database.schema);
    const table = ctx.database.schema ? sql.raw(`"${ctx.database.schema}".kysely_migration`) : sql.raw('kysely_migration');
    const recorded = await sql<{ name: string }>`select name from ${table} order by name`.execute(ctx.database.db);
    expect(recorded.rows.map((row) => row.name)).toEqual(before);

    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toEqual(
      MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf('015-refresh-retry') + 1),
    );
    expect(
      Object.keys(migrations)
        .filter((name) => before.includes(name))
        .sort(),
    ).toEqual(before);
    expect((await login(ctx, account.email, account.password)).status).toBe(200);
  });

  it('when two owners name a migration alike, then collecting them fails naming it', () => {
    const noop = { up: async () => {} };
    expect(() => collectMigrations({ '018-a': noop }, { '018-a': noop })).toThrow('Two migrations are named 018-a');
  });
});
