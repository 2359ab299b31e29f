import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateOver } from '../../support/api/migrations';
import { migrations } from '../../../server/migrations';
import { aQuotedQuote, aVendor } from '../../support/api/builders';
import { agent } from '../../support/api/http';
import { freshCity } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

/**
 * Migration 019 builds the inbox's threads from the quotes and messages stored before it: a
 * database that had conversations keeps them, searchable, after the upgrade.
 */
describe.each(TEST_DATABASES)('the message threads migration on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when quotes and messages were stored before 019, then each quote gets its thread with its last message and unread count, and search finds them', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const { token, quote } = await aQuotedQuote(ctx, florist, { customer: { name: 'Priya Natarajan' } });
    expect((await agent(ctx).post(`/api/public/requests/${token}/quotes/${quote.id}/messages`).send({ body: 'Can we add boutonnieres?' })).status).toBe(201);

    // Written while there were no threads: the migration must build this one too.
    const ran = await migrateOver(ctx, '019-message-threads', (db) =>
      db
        .insertInto('messages')
        .values({
          id: 'migrated-1',
          quote_id: quote.id,
          sender: 'customer',
          body: 'And corsages for the mothers',
          automatic: 0,
          read_at: null,
          created_at: ctx.clock.now() + 1,
        })
        .execute(),
    );
    expect(ran).toEqual(
      Object.keys(migrations)
        .filter((name) => name >= '019-message-threads')
        .sort(),
    );

    const thread = await ctx.database.db.selectFrom('message_threads').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
    expect(thread).toMatchObject({
      customer_name: 'Priya Natarajan',
      quote_status: 'submitted',
      last_sender: 'customer',
      last_body: 'And corsages for the mothers',
    });
    expect(Number(thread.vendor_unread)).toBe(2);

    const found = await agent(ctx).get('/api/messages/threads').query({ q: 'corsages' }).set('Authorization', `Bearer ${florist.accessToken}`);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((found.body.data as { quoteId: string }[]).map((t) => t.quoteId)).toEqual([quote.id]);
    const byName = await agent(ctx).get('/api/messages/threads').query({ q: 'natara' }).set('Authorization', `Bearer ${florist.accessToken}`);
    expect((byName.body.data as { quoteId: string }[]).map((t) => t.quoteId)).toEqual([quote.id]);
  });
});
