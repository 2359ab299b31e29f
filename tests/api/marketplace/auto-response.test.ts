import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import type { Category } from '../../../shared/contracts/category';
import { renderAutoResponse } from '../../../shared/marketplace/render-auto-response';
import { agent, outboxFor, uniqueEmail } from '../../support/api/http';
import { businessOf, customerPage, freshCity, matchOf, saveForm } from '../../support/api/marketplace';
import { dayFromNow } from '../../support/api/clock';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

const TEMPLATE = 'Hi {customer_name}, {business_name} would love to do the {category} on {event_date} for {guests} guests in {location}.';

/**
 * The auto-response (docs/marketplace.md, Quote lifecycle): a business that enabled its
 * category's auto-response greets each new match at once, as the thread's first message with the
 * merge fields filled, and the couple is mailed it.
 */
describe.each(TEST_DATABASES)('the auto-response on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const categoryOf = async (id: string) =>
    ((await agent(ctx).get('/api/config/categories')).body as { categories: Category[] }).categories.find((category) => category.id === id);
  const messagesOf = (quoteId: string) => ctx.database.db.selectFrom('messages').selectAll().where('quote_id', '=', quoteId).orderBy('created_at').execute();

  it("when a business with the category's auto-response enabled is matched, then it is the thread's first message with the merge fields filled, and the couple is mailed it", async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    await saveForm(ctx, florist, 'auto-response-florist', { enabled: true, message: TEMPLATE, starting_price: 1200 });
    const email = uniqueEmail('couple');
    const eventDate = dayFromNow(ctx, 60);
    const { business_name: name } = await ctx.database.db
      .selectFrom('vendors')
      .select('business_name')
      .where('id', '=', businessOf(florist))
      .executeTakeFirstOrThrow();

    const { request, token } = await aConfirmedRequest(ctx, { location: city, eventDate, guests: 140, customer: { name: 'Jordan Avery', email } });

    const quote = await matchOf(ctx, florist, request.id);
    const when = new Date(`${eventDate}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const body = `Hi Jordan, ${name} would love to do the wedding flowers on ${when} for 140 guests in ${city}.\n\nWedding flowers start at $1,200.`;
    expect(await messagesOf(quote.id)).toEqual([
      // Mailed as it was written: the couple's first word from the business does not wait.
      {
        id: expect.any(String),
        quote_id: quote.id,
        sender: 'vendor',
        body,
        automatic: 1,
        read_at: null,
        mailed_at: expect.anything(),
        created_at: expect.anything(),
      },
    ]);
    const mail = (await outboxFor(ctx, email)).find((m) => m.subject === `${name} wrote to you`);
    expect(mail?.text_body).toContain(body);
    expect(mail?.text_body).toContain(`/requests/${token}`);
    const page = await customerPage(ctx, token);
    expect(page.body.data.quotes).toEqual([expect.objectContaining({ id: quote.id, status: 'potential', priceCents: null, unread: 1 })]);
  });

  it('when a bakery priced its cakes by the slice, then the couple reads the price per slice, in the thread and in the mail, word for word as the preview renders it', async () => {
    const city = freshCity(ctx);
    const baker = await aVendor(ctx, { city, category: 'bakery' });
    await saveForm(ctx, baker, 'auto-response-bakery', {
      enabled: true,
      message: 'Hi {customer_name}, thank you for thinking of us for your {category}!',
      starting_price: 6.5,
    });
    const { business_name: name } = await ctx.database.db
      .selectFrom('vendors')
      .select('business_name')
      .where('id', '=', businessOf(baker))
      .executeTakeFirstOrThrow();
    const email = uniqueEmail('couple');
    const eventDate = dayFromNow(ctx, 60);

    const { request, token } = await aConfirmedRequest(ctx, {
      category: 'bakery',
      location: city,
      eventDate,
      guests: 120,
      customer: { name: 'jordan avery', email },
    });

    const body = 'Hi Jordan, thank you for thinking of us for your wedding cake!\n\nCakes start at $6.50 a slice.';
    expect((await messagesOf((await matchOf(ctx, baker, request.id)).id)).map((m) => m.body)).toEqual([body]);
    const mail = (await outboxFor(ctx, email)).find((m) => m.subject === `${name} wrote to you`);
    expect(mail?.text_body).toMatch(/^Hi Jordan,\n\n/);
    expect(mail?.text_body).toContain(`\n\n${name} wrote:\n\n${body}\n\nReply on your request's page: `);
    expect(mail?.text_body).toContain(`/requests/${token}`);
    expect(mail?.text_body).not.toContain('Packages');
    // What the auto-response screen previews for the same couple is this mail.
    const category = await categoryOf('bakery');
    if (!category) throw new Error('the bakery category is not served');
    const rendered = renderAutoResponse({
      saved: { enabled: true, message: 'Hi {customer_name}, thank you for thinking of us for your {category}!', starting_price: 6.5 },
      category,
      businessName: name,
      couple: { name: 'jordan avery', email },
      event: { date: eventDate, guests: 120, location: city },
    });
    expect(rendered).toMatchObject({ body, mail: { to: email, subject: mail?.subject } });
  });

  it('when the auto-response is disabled or was never saved, then the match starts with no message and the couple gets no mail from the business', async () => {
    const city = freshCity(ctx);
    const disabled = await aVendor(ctx, { city });
    await saveForm(ctx, disabled, 'auto-response-florist', { enabled: false, message: TEMPLATE });
    const silent = await aVendor(ctx, { city });
    const email = uniqueEmail('couple');

    const { request, token } = await aConfirmedRequest(ctx, { location: city, customer: { name: 'Jordan Avery', email } });

    expect(await messagesOf((await matchOf(ctx, disabled, request.id)).id)).toEqual([]);
    expect(await messagesOf((await matchOf(ctx, silent, request.id)).id)).toEqual([]);
    expect((await outboxFor(ctx, email)).map((m) => m.subject)).toEqual(['Confirm your florist request']);
    expect((await customerPage(ctx, token)).body.data.quotes).toEqual([]);
  });
});
