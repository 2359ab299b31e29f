import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpcomingBookings } from '../../../shared/contracts/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, uniqueEmail } from '../../support/api/http';
import { signInAgain, type Seller } from '../../support/api/marketplace';
import { addCard, CARDS } from '../../support/api/billing';
import { advanceDays, dayFromNow } from '../../support/api/clock';
import { aBookedQuote, aBusinessWithMember, aCompletedQuote, aQuotedQuote, aVendor, aVendorOnPlan } from '../../support/api/builders';

/**
 * `GET /api/quotes/upcoming-bookings` (issue 24): the booked couples to come with their contacts,
 * which a vendor locked on update-payment-method by a failed renewal still reads there.
 */
describe.each(TEST_DATABASES)('the upcoming bookings on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Access tokens outlive the month the clock moves here.
    ctx = await createTestContext({ database: kind, accessTtlSeconds: 400 * 86_400 });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const read = (session: Seller) => agent(ctx).get('/api/quotes/upcoming-bookings').set('Authorization', `Bearer ${session.accessToken}`);

  async function bookingsOf(session: Seller): Promise<UpcomingBookings> {
    const res = await read(session);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as UpcomingBookings;
  }

  it("when a vendor's renewal failed, then the owner and the team still read the couples booked from today on, soonest first, with name, email and phone; not past events, not mere quotes, not another business's", async () => {
    const owner = await aVendor(ctx);
    await aCompletedQuote(ctx, owner, { eventDate: dayFromNow(ctx, 1), customer: { name: 'Pat Past' } });
    const { member } = await aBusinessWithMember(ctx, { owner });
    await aVendorOnPlan(ctx, { vendor: owner });
    await addCard(ctx, owner, CARDS.chargesFail);
    // The clock moves 31 days below: these fall on that day, two days later and weeks later.
    const today = await aBookedQuote(ctx, owner, {
      eventDate: dayFromNow(ctx, 31),
      customer: { name: 'Tara Today', email: uniqueEmail('tara'), phone: '512-555-0101' },
    });
    const weekend = await aBookedQuote(ctx, owner, {
      eventDate: dayFromNow(ctx, 33),
      customer: { name: 'Sam Saturday', email: uniqueEmail('sam'), phone: '(512) 555-0142' },
    });
    const later = await aBookedQuote(ctx, owner, { eventDate: dayFromNow(ctx, 50), customer: { name: 'Uma Later', email: uniqueEmail('uma') } });
    await aQuotedQuote(ctx, owner, { eventDate: dayFromNow(ctx, 34), customer: { name: 'Quinn Quoted' } });
    await aBookedQuote(ctx, await aVendor(ctx), { eventDate: dayFromNow(ctx, 33), customer: { name: 'Olive Other' } });

    await advanceDays(ctx, 31);
    await signInAgain(ctx, owner);
    await signInAgain(ctx, member);
    const billing = await agent(ctx).get('/api/billing').set('Authorization', `Bearer ${owner.accessToken}`);
    expect(billing.body.data.status).toBe('payment_failed');

    const expected = {
      data: [
        {
          quoteId: today.quote.id,
          category: 'florist',
          eventDate: dayFromNow(ctx, 0),
          location: 'Austin, TX',
          customer: { name: 'Tara Today', email: today.email, phone: '512-555-0101' },
        },
        {
          quoteId: weekend.quote.id,
          category: 'florist',
          eventDate: dayFromNow(ctx, 2),
          location: 'Austin, TX',
          customer: { name: 'Sam Saturday', email: weekend.email, phone: '(512) 555-0142' },
        },
        {
          quoteId: later.quote.id,
          category: 'florist',
          eventDate: dayFromNow(ctx, 19),
          location: 'Austin, TX',
          customer: { name: 'Uma Later', email: later.email },
        },
      ],
      more: 0,
    };
    expect(await bookingsOf(owner)).toEqual(expected);
    expect(await bookingsOf(member)).toEqual(expected);
  });

  it('when more than ten are booked, then the ten soonest come back and the rest are counted', async () => {
    const { vendor } = await aVendorOnPlan(ctx);
    const names = Array.from({ length: 12 }, (_, i) => `Couple ${String(i + 1).padStart(2, '0')}`);
    // Booked out of order: the answer sorts them by date.
    for (const [i, name] of names.entries()) {
      await aBookedQuote(ctx, vendor, { eventDate: dayFromNow(ctx, 40 - i), customer: { name } });
    }

    const answer = await bookingsOf(vendor);

    expect(answer.data.map((booking) => booking.customer.name)).toEqual([...names].reverse().slice(0, 10));
    expect(answer.more).toBe(2);
  });

  it('when nothing is booked, then an empty list and nothing more; without a session, then 401', async () => {
    const vendor = await aVendor(ctx);
    await aQuotedQuote(ctx, vendor);

    expect(await bookingsOf(vendor)).toEqual({ data: [], more: 0 });
    expectProblem(await agent(ctx).get('/api/quotes/upcoming-bookings'), 401);
  });
});
