import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfDayAfter } from '../../../shared/marketplace/calendar-days';
import { DEMO_ACCOUNT } from '../../../server/auth/demo-account';
import { seedDemoAccount } from '../../../server/demo/demo.service';
import { advanceDays, DAY_MS } from '../../support/api/clock';
import { agent, login } from '../../support/api/http';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

interface Entry {
  delta: number;
  reason: string;
  balanceAfter: number;
  createdAt: number;
}
interface QuoteRow {
  id: string;
  status: string;
  eventDate: string;
  customer: { name: string };
  closedReason: string | null;
  createdAt: number;
}
interface History {
  status: string;
  at: number;
}

/**
 * The demo bakery `npm start` seeds (docs/marketplace.md: Demo and volume data) tells one story: its past is
 * made by the real use cases at the times it would have happened, so nothing it shows contradicts
 * anything else it shows (issue 24, point 1).
 */
describe.each(TEST_DATABASES)('the demo account on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  let seededAt: number;

  const get = async <T>(path: string): Promise<T> => {
    const res = await agent(ctx).get(path).set('Authorization', `Bearer ${token}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  };
  const quotes = async (status: string) => (await get<{ data: QuoteRow[] }>(`/api/quotes?status=${status}&limit=100`)).data;
  const historyOf = async (id: string) => (await get<{ data: { history: History[] } }>(`/api/quotes/${id}`)).data.history;

  const signIn = async () => {
    token = ((await login(ctx, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).body as { data: { accessToken: string } }).data.accessToken;
  };

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    seededAt = ctx.clock.now();
    expect(await seedDemoAccount(ctx.deps)).toBe('created');
    await signIn();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the demo is seeded, then its credit history reads as a ledger: newest first, each balance the one below plus its change, the top one the balance', async () => {
    const credits = (await get<{ data: { balance: number; entries: Entry[] } }>('/api/credits?limit=200')).data;

    const { entries } = credits;
    expect(entries.length).toBeGreaterThan(5);
    expect(entries[0]?.balanceAfter).toBe(credits.balance);
    entries.forEach((entry, index) => {
      const below = entries[index + 1];
      if (below) {
        expect(entry.createdAt).toBeGreaterThan(below.createdAt);
        expect(entry.balanceAfter).toBe(below.balanceAfter + entry.delta);
      } else {
        expect(entry).toMatchObject({ reason: 'trial', balanceAfter: entry.delta });
      }
    });
    const stored = await ctx.database.db.selectFrom('credit_entries').select(['delta', 'balance_after', 'created_at']).orderBy('created_at').execute();
    let running = 0;
    for (const row of stored) {
      running += Number(row.delta);
      expect(Number(row.balance_after)).toBe(running);
    }
    expect(running).toBe(credits.balance);
  });

  it('when the demo is seeded, then All forms shows its business profile saved, like every form it filled', async () => {
    const forms = (await get<{ data: { id: string; title: string; status: string; updatedAt: number | null }[] }>('/api/vendor/forms')).data;

    expect(forms.find((form) => form.id === 'edit-profile')).toMatchObject({ title: 'Business profile', status: 'complete' });
    for (const id of ['new-user-step-1', 'auto-response-bakery', 'update-bakery-settings']) {
      expect(forms.find((form) => form.id === id)?.status, id).toBe('complete');
    }
  });

  it('when the demo is seeded, then the booking that took place was completed the day after its event date, and the one to come is still booked', async () => {
    const [done] = await quotes('completed');
    const upcoming = await quotes('accepted');

    expect(done).toBeDefined();
    const completedAt = (await historyOf(done!.id)).find((event) => event.status === 'completed')?.at ?? 0;
    expect(completedAt).toBeGreaterThanOrEqual(startOfDayAfter(done!.eventDate));
    expect(completedAt).toBeLessThan(startOfDayAfter(done!.eventDate) + DAY_MS);
    expect(upcoming.map((quote) => quote.customer.name)).toEqual(['Emma & Lucas Berg']);
    expect(Date.parse(upcoming[0]!.eventDate)).toBeGreaterThan(seededAt);
  });

  it('when the demo is seeded, then it is subscribed to a plan by card: active, one paid invoice per month since it signed up, the period running now', async () => {
    const billing = (
      await get<{
        data: { plan: string | null; status: string; currentPeriodStart: number; currentPeriodEnd: number; paymentMethod: { last4: string } | null };
      }>('/api/billing')
    ).data;
    const invoices = (await get<{ data: { kind: string; status: string; planName: string; periodStart: number }[] }>('/api/billing/invoices')).data;

    expect(billing).toMatchObject({ plan: 'starter', status: 'active', paymentMethod: { last4: '4242' } });
    expect(billing.currentPeriodStart).toBeLessThanOrEqual(ctx.clock.now());
    expect(billing.currentPeriodEnd).toBeGreaterThan(ctx.clock.now());
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices.every((invoice) => invoice.status === 'paid' && invoice.planName === 'Starter')).toBe(true);
    expect(invoices.at(-1)?.kind).toBe('subscription');
    expect(invoices.slice(0, -1).every((invoice) => invoice.kind === 'renewal')).toBe(true);
  });

  it('when the demo is seeded, then nothing is dated before the business signed up or after now, every history is in time order, and the match left alone expired 30 days after it was made', async () => {
    const vendor = await ctx.database.db
      .selectFrom('vendors')
      .select('created_at')
      .where('business_name', '=', DEMO_ACCOUNT.businessName)
      .executeTakeFirstOrThrow();
    const signedUp = Number(vendor.created_at);
    const all = (await Promise.all(['potential', 'submitted', 'accepted', 'completed', 'rejected', 'closed'].map(quotes))).flat();

    expect(signedUp).toBeLessThan(Math.min(...all.map((quote) => quote.createdAt)));
    for (const quote of all) {
      const history = await historyOf(quote.id);
      expect(history[0]).toMatchObject({ status: 'potential', at: quote.createdAt });
      const times = history.map((event) => event.at);
      expect(times, quote.customer.name).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)).toBeLessThanOrEqual(ctx.clock.now());
    }
    const expired = all.find((quote) => quote.closedReason === 'expired');
    expect(expired).toBeDefined();
    const closedAt = (await historyOf(expired!.id)).at(-1)?.at ?? 0;
    expect(Math.round((closedAt - expired!.createdAt) / DAY_MS)).toBe(30);
  });

  it('when the clock passes the day after the booking to come, then the app runner completes it (the story handed its jobs over)', async () => {
    const [upcoming] = await quotes('accepted');
    const days = Math.ceil((startOfDayAfter(upcoming!.eventDate) - ctx.clock.now()) / DAY_MS) + 1;

    await advanceDays(ctx, days);
    // Past the access token's life: a new sign-in.
    await signIn();

    expect((await quotes('completed')).map((quote) => quote.id)).toContain(upcoming!.id);
  });
});
