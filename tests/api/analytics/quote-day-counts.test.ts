import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../../server/core/db/migrate';
import { migrations } from '../../../server/migrations';
import { periodActivity, type MonthBucket, type Period } from '../../../server/quotes';
import { insertQuotes, type FixtureQuote } from '../../support/analytics-fixture';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { advanceMinutes, DAY_MS } from '../../support/api/clock';
import { businessOf, customerDecides, declineQuote, freshCity, matchOf, signInAgain, submitQuote, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const HOUR = 3_600_000;
const COLUMNS = ['leads', 'answered', 'sent', 'won', 'won_cents', 'booked'] as const;
type Counts = Record<(typeof COLUMNS)[number], number>;
const WON = new Set(['accepted', 'completed']);

interface StoredQuote {
  category_id: string;
  status: string;
  created_at: number | string;
  first_response_at: number | string | null;
  submitted_at: number | string | null;
  accepted_at: number | string | null;
  price_cents: number | string | null;
}

/** The counts of quotes, per `category|day`, counted here one quote at a time: what the triggers must keep. */
function countsOf(quotes: readonly StoredQuote[]): Map<string, Counts> {
  const counts = new Map<string, Counts>();
  const add = (category: string, at: number, values: Partial<Counts>) => {
    const key = `${category}|${Math.floor(at / DAY_MS)}`;
    const row = counts.get(key) ?? { leads: 0, answered: 0, sent: 0, won: 0, won_cents: 0, booked: 0 };
    for (const column of COLUMNS) row[column] += values[column] ?? 0;
    counts.set(key, row);
  };
  for (const quote of quotes) {
    add(quote.category_id, Number(quote.created_at), { leads: 1, answered: quote.first_response_at === null ? 0 : 1 });
    if (quote.submitted_at !== null) {
      const won = WON.has(quote.status);
      add(quote.category_id, Number(quote.submitted_at), { sent: 1, won: won ? 1 : 0, won_cents: won ? Number(quote.price_cents ?? 0) : 0 });
    }
    if (quote.accepted_at !== null) add(quote.category_id, Number(quote.accepted_at), { booked: 1 });
  }
  return counts;
}

/**
 * `quote_day_counts` (migration 027): the daily counts of each business's quotes that the
 * database keeps with triggers, and the analytics' period read from them (docs/marketplace.md,
 * Analytics), each checked against a count of the quotes themselves.
 */
describe.each(TEST_DATABASES)('the daily quote counts on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const quotesOfBusiness = (vendorId: string) =>
    ctx.database.db
      .selectFrom('quotes')
      .select(['category_id', 'status', 'created_at', 'first_response_at', 'submitted_at', 'accepted_at', 'price_cents'])
      .where('vendor_id', '=', vendorId)
      .execute();

  /** The stored counts of the business, per `category|day`, rows that came back to all zeros left out. */
  async function storedCounts(vendorId: string): Promise<Map<string, Counts>> {
    const rows = await ctx.database.db.selectFrom('quote_day_counts').selectAll().where('vendor_id', '=', vendorId).execute();
    return new Map(
      rows
        .map((row) => [`${row.category_id}|${Number(row.day)}`, Object.fromEntries(COLUMNS.map((column) => [column, Number(row[column])])) as Counts] as const)
        .filter(([, counts]) => COLUMNS.some((column) => counts[column] !== 0)),
    );
  }

  async function expectCountsKept(vendorId: string): Promise<Map<string, Counts>> {
    const stored = await storedCounts(vendorId);
    expect(stored).toEqual(countsOf(await quotesOfBusiness(vendorId)));
    return stored;
  }

  const total = (counts: Map<string, Counts>, column: (typeof COLUMNS)[number]) => [...counts.values()].reduce((sum, row) => sum + row[column], 0);

  async function aLead(florist: Seller) {
    const confirmed = await aConfirmedRequest(ctx, { location: freshCity(ctx), vendorId: businessOf(florist) });
    return { token: confirmed.token, quote: await matchOf(ctx, florist, confirmed.request.id) };
  }

  it('when leads are matched, quoted, declined, booked and completed through the product, then the counts follow every change', async () => {
    const florist = await aVendor(ctx);
    const vendorId = businessOf(florist);
    const [booked, waiting, declined] = [await aLead(florist), await aLead(florist), await aLead(florist)];
    expect(total(await expectCountsKept(vendorId), 'leads')).toBe(3);

    // A day later (the access token has expired by then): the quotes sent and the decline.
    await advanceMinutes(ctx, 26 * 60);
    await signInAgain(ctx, florist);
    expect((await submitQuote(ctx, florist, booked.quote, { priceCents: 210_000 })).status).toBe(200);
    expect((await submitQuote(ctx, florist, waiting.quote)).status).toBe(200);
    expect((await declineQuote(ctx, florist, declined.quote.id, { reason: 'fully-booked' })).status).toBe(200);
    let counts = await expectCountsKept(vendorId);
    expect([total(counts, 'answered'), total(counts, 'sent'), total(counts, 'won')]).toEqual([3, 2, 0]);

    await advanceMinutes(ctx, 26 * 60);
    expect((await customerDecides(ctx, booked.token, booked.quote.id, 'accept')).status).toBe(200);
    counts = await expectCountsKept(vendorId);
    expect([total(counts, 'won'), total(counts, 'won_cents'), total(counts, 'booked')]).toEqual([1, 210_000, 1]);
    // Three days: the leads, the sending and declining, the booking.
    expect(new Set([...counts.keys()].map((key) => key.split('|')[1])).size).toBe(3);

    await ctx.database.db.updateTable('quotes').set({ status: 'completed' }).where('id', '=', booked.quote.id).execute();
    await ctx.database.db.updateTable('quotes').set({ vendor_viewed_at: ctx.clock.now(), refunded: 1 }).where('vendor_id', '=', vendorId).execute();
    counts = await expectCountsKept(vendorId);
    expect(total(counts, 'won')).toBe(1);
    await ctx.database.db.updateTable('quotes').set({ status: 'rejected' }).where('id', '=', booked.quote.id).execute();
    expect(total(await expectCountsKept(vendorId), 'won')).toBe(0);
  });

  it('when a business is deleted, then its counts go with it and another business keeps its own', async () => {
    const [gone, stays] = [await aVendor(ctx), await aVendor(ctx)];
    await aLead(gone);
    await aLead(stays);
    await ctx.database.db.deleteFrom('vendors').where('id', '=', businessOf(gone)).execute();
    expect(await ctx.database.db.selectFrom('quote_day_counts').selectAll().where('vendor_id', '=', businessOf(gone)).execute()).toEqual([]);
    expect(total(await expectCountsKept(businessOf(stays)), 'leads')).toBe(1);
  });

  /** Every seven hours for 120 days before `now`, quotes in every state, in two categories. */
  const spread = (now: number): FixtureQuote[] =>
    Array.from({ length: (120 * 24) / 7 }, (_, index) => {
      const createdAt = now - index * 7 * HOUR - 13 * 60_000;
      const kind = index % 5;
      const answeredAt = kind === 0 ? null : createdAt + (index % 9) * HOUR;
      return {
        categoryId: index % 3 === 0 ? 'photographer' : 'florist',
        status: kind === 0 ? 'potential' : kind === 1 ? 'closed' : kind === 2 ? 'submitted' : kind === 3 ? 'accepted' : 'completed',
        createdAt,
        firstResponseAt: answeredAt,
        submittedAt: kind >= 2 ? answeredAt : null,
        priceCents: kind >= 2 ? 50_000 + index * 100 : null,
        acceptedAt: kind >= 3 && answeredAt !== null ? answeredAt + 30 * HOUR : null,
      };
    });

  /** The calendar months (UTC) a period overlaps, as the analytics make them. */
  function monthsOf(period: Period): MonthBucket[] {
    const [first, last] = [new Date(period.from), new Date(period.to)];
    const count = (last.getUTCFullYear() - first.getUTCFullYear()) * 12 + last.getUTCMonth() - first.getUTCMonth() + 1;
    return Array.from({ length: count }, (_, index) => ({ index, start: Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + index, 1) }));
  }

  it('when a period starts and ends inside a day, then its activity equals a count of the quotes in it, month by month and category by category', async () => {
    const florist = await aVendor(ctx);
    const vendorId = businessOf(florist);
    const now = ctx.clock.now();
    const quotes = spread(now);
    await insertQuotes(ctx.database.db, vendorId, quotes);
    await expectCountsKept(vendorId);
    const periods: Period[] = [
      { from: now - 90 * DAY_MS, to: now },
      { from: now - 30 * DAY_MS - 5 * HOUR, to: now - 3 * HOUR },
      { from: Math.floor(now / DAY_MS) * DAY_MS - 10 * DAY_MS, to: Math.floor(now / DAY_MS) * DAY_MS - 1 },
      { from: now - 2 * HOUR, to: now },
    ];
    for (const period of periods) {
      const months = monthsOf(period);
      const within = (at: number | null | undefined): at is number => at != null && at >= period.from && at <= period.to;
      const monthIndexOf = (at: number) => months.filter((month) => month.start <= at).length - 1;
      const expected = {
        leads: new Map<number, number>(),
        sent: new Map<number, number>(),
        booked: new Map<number, number>(),
        leadsByCategory: new Map<string, number>(),
        bookedByCategory: new Map<string, number>(),
      };
      const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
      let [answered, won, revenue] = [0, 0, 0];
      for (const quote of quotes) {
        const category = quote.categoryId ?? 'florist';
        if (within(quote.createdAt)) {
          bump(expected.leads, Math.max(0, monthIndexOf(quote.createdAt)));
          bump(expected.leadsByCategory, category);
          if (quote.firstResponseAt != null) answered += 1;
        }
        if (within(quote.submittedAt)) {
          bump(expected.sent, Math.max(0, monthIndexOf(quote.submittedAt)));
          if (WON.has(quote.status)) [won, revenue] = [won + 1, revenue + (quote.priceCents ?? 0)];
        }
        if (within(quote.acceptedAt)) {
          bump(expected.booked, Math.max(0, monthIndexOf(quote.acceptedAt)));
          bump(expected.bookedByCategory, category);
        }
      }
      const activity = await periodActivity(ctx.database.db, vendorId, period, months);
      const label = JSON.stringify(period);
      expect(activity.leads.byMonth, label).toEqual(expected.leads);
      expect(activity.leads.byCategory, label).toEqual(expected.leadsByCategory);
      expect(activity.leads.answered, label).toBe(answered);
      expect(activity.sent.byMonth, label).toEqual(expected.sent);
      expect([activity.sent.won, activity.sent.revenueCents], label).toEqual([won, revenue]);
      expect(activity.bookings.byMonth, label).toEqual(expected.booked);
      expect(activity.bookings.byCategory, label).toEqual(expected.bookedByCategory);
      expect(activity.leads.leads, label).toBe([...expected.leads.values()].reduce((a, b) => a + b, 0));
    }
  });

  it('when quotes were written before 027, then the migration counts every one of them', async () => {
    const florist = await aVendor(ctx);
    const vendorId = businessOf(florist);
    await insertQuotes(ctx.database.db, vendorId, spread(ctx.clock.now()).slice(0, 60));
    await migrateTo(ctx.database.db as never, migrations, '026-accepted-at', ctx.database.schema);
    expect(await migrateToLatest(ctx.database.db as never, migrations, ctx.database.schema)).toContain('027-quote-day-counts');
    expect(total(await expectCountsKept(vendorId), 'leads')).toBe(60);
  });
});
