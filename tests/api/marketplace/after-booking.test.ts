import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';
import { outboxFor, uniqueEmail } from '../../support/api/http';
import { customerDecides, customerPage, freshCity, getQuote, matchOf, saveForm, submitQuote, type CustomerRequestBody } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

type PageQuote = CustomerRequestBody['quotes'][number] & {
  vendorOpened: boolean;
  vendor: { name: string; contact?: { phone: string | null; email: string | null } };
};

/**
 * After booking (docs/marketplace.md): the couple is mailed how to reach the vendor and sees it on
 * their page; the vendors whose quotes closed are told; a match its vendor has not opened says so.
 */
describe.each(TEST_DATABASES)('after booking on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the couple accepts one of two quotes, then they are mailed the vendor’s phone and email, the page shows them, and the other vendor is told it closed', async () => {
    const city = freshCity(ctx);
    const chosen = await aVendor(ctx, { city, businessName: 'Juniper & Vine', onboarding: { contact_phone: '+1 208 555 0199' } });
    const other = await aVendor(ctx, { city, businessName: 'Other Petals' });
    const { token, email, request } = await aConfirmedRequest(ctx, { location: city, customer: { name: 'Noor Haddad', email: uniqueEmail('noor') } });
    const chosenQuote = await matchOf(ctx, chosen, request.id);
    const otherQuote = await matchOf(ctx, other, request.id);
    expect((await submitQuote(ctx, chosen, chosenQuote)).status).toBe(200);
    expect((await submitQuote(ctx, other, otherQuote)).status).toBe(200);

    const accepted = await customerDecides(ctx, token, chosenQuote.id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    const mails = await outboxFor(ctx, email);
    const confirmation = mails.find((mail) => mail.subject.startsWith('You booked Juniper & Vine'));
    expect(confirmation?.text_body).toContain('Phone: +1 208 555 0199');
    expect(confirmation?.text_body).toContain(`Email: ${chosen.email}`);
    expect(confirmation?.text_body).toContain(`/requests/${token}`);

    const quotes = ((await customerPage(ctx, token)).body as { data: { quotes: PageQuote[] } }).data.quotes;
    expect(quotes.find((quote) => quote.id === chosenQuote.id)?.vendor.contact).toEqual({ phone: '+1 208 555 0199', email: chosen.email });
    // A vendor not booked shares no contact.
    expect(quotes.find((quote) => quote.id === otherQuote.id)?.vendor.contact).toBeUndefined();

    const told = (await outboxFor(ctx, other.email)).filter((mail) => mail.subject === 'Noor Haddad booked another vendor');
    expect(told).toHaveLength(1);
    expect((await outboxFor(ctx, chosen.email)).some((mail) => mail.subject === 'Noor Haddad booked another vendor')).toBe(false);
  });

  it('when a vendor has written (an auto-response) but not opened the match, then the couple’s page says it waits for the vendor until they open it', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    await saveForm(ctx, florist, 'auto-response-florist', { enabled: true, message: 'Thanks {customer_name}! We will look at your date.' });
    const { token, request } = await aConfirmedRequest(ctx, { location: city });
    const before = ((await customerPage(ctx, token)).body as { data: { quotes: PageQuote[] } }).data.quotes;
    expect(before.map((quote) => [quote.status, quote.vendorOpened])).toEqual([['potential', false]]);

    const match = await matchOf(ctx, florist, request.id);
    expect((await getQuote(ctx, florist, match.id)).status).toBe(200);
    const after = ((await customerPage(ctx, token)).body as { data: { quotes: PageQuote[] } }).data.quotes;
    expect(after.map((quote) => [quote.status, quote.vendorOpened])).toEqual([['potential', true]]);
  });
});
