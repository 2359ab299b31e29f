import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { outboxFor, uniqueEmail } from '../../support/api/http';
import { freshCity, matchOf } from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/** `2027-06-05` as the mail writes it: long ("Saturday, June 5, 2027") in the text, short ("June 5, 2027") in the subject. */
const day = (date: string, weekday: boolean) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    ...(weekday ? { weekday: 'long' } : {}),
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The mail a business gets for a new match (docs/marketplace.md, Requests and matching): written
 * as a person would, with what the couple plans in the category's words, the couple's first name
 * (which the match shows before any credit is spent) and the event, but never their email or phone.
 */
describe.each(TEST_DATABASES)('the new-match mail on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a couple asks a bakery for a cake, then the baker reads who wants what, for how many, when and where, in plain words', async () => {
    const city = freshCity(ctx);
    const baker = await aVendor(ctx, { city, category: 'bakery' });
    const eventDate = dayFromNow(ctx, 60);
    const email = uniqueEmail('couple');

    const { request } = await aConfirmedRequest(ctx, {
      category: 'bakery',
      location: city,
      eventDate,
      guests: 120,
      customer: { name: 'jordan avery', email, phone: '5125550199' },
    });

    const quote = await matchOf(ctx, baker, request.id);
    const [mail, ...others] = await outboxFor(ctx, baker.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`New request: Jordan's wedding cake for 120 guests on ${day(eventDate, false)} in ${city}`);
    const ask = `Jordan would like a quote for their wedding cake: 120 guests on ${day(eventDate, true)}, in ${city}.`;
    expect(mail?.text_body).toBe(`${ask}\n\nReading the request is free; quote it from your dashboard: http://127.0.0.1:3000/bakery-quote-detail/${quote.id}`);
    expect(mail?.html_body).toContain(`<p>${ask}</p>`);
    for (const words of ['A couple is looking for', 'bakery:', email, '5125550199']) expect(mail?.text_body).not.toContain(words);
  });

  it('when the couple is one guest, then the mail says "1 guest", in the category’s own words (an officiant plans a ceremony)', async () => {
    const city = freshCity(ctx);
    const officiant = await aVendor(ctx, { city, category: 'officiant' });

    await aConfirmedRequest(ctx, { category: 'officiant', location: city, guests: 1, customer: { name: 'Kim', email: uniqueEmail('couple') } });

    const [mail] = await outboxFor(ctx, officiant.email);
    expect(mail?.subject).toMatch(new RegExp(`^New request: Kim's ceremony for 1 guest on [A-Z][a-z]+ \\d{1,2}, \\d{4} in ${city}$`));
    expect(mail?.text_body).toMatch(/^Kim would like a quote for their ceremony: 1 guest on /);
  });
});
