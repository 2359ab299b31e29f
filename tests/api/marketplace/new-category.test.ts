import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySchemas, type SchemaCopy } from '../../support/schemas';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem } from '../../support/api/http';
import { nextEvent, replaceJson } from '../../support/api/config-service';
import { freshCity, ledgerRows, matchOf, matchedVendorIds, postRequest, saveForm, storedQuote, submitQuote } from '../../support/api/marketplace';
import { aConfirmedRequest, aVendor } from '../../support/api/builders';

/** A 15th category as an operator writes it: its own request and quote forms, lead cost and fit rule; no serviceName. */
function photoBooth(): Record<string, unknown> {
  return {
    id: 'photo-booth',
    label: 'Photo booth',
    description: 'Photo booth rentals with props, prints and an attendant.',
    vendorTypeId: 15,
    slugs: { profile: 'photo-booth', quoteDetail: 'photo-booth', autoResponse: 'photo_booth' },
    settings: {
      version: 1,
      title: 'Photo booth settings',
      schema: {
        type: 'object',
        required: ['booth_hourly_rate'],
        properties: {
          booth_hourly_rate: { type: 'number', title: 'Hourly rate (USD)', minimum: 1, maximum: 10000 },
          min_booking_hours: { type: 'integer', title: 'Minimum booking (hours)', minimum: 1, maximum: 12 },
        },
      },
      uiSchema: {},
    },
    leadCost: 2,
    request: {
      version: 1,
      title: 'Your photo booth',
      schema: {
        type: 'object',
        required: ['hours'],
        properties: {
          hours: { type: 'integer', title: 'Hours of booth time', minimum: 1, maximum: 12 },
          backdrop: { type: 'string', title: 'Backdrop', enum: ['Sequins', 'Flower wall', 'Plain'] },
        },
      },
      uiSchema: {},
    },
    quote: {
      version: 1,
      title: 'Your booth quote',
      schema: {
        type: 'object',
        required: ['hours_included'],
        properties: {
          hours_included: { type: 'integer', title: 'Hours included', minimum: 1, maximum: 12 },
          unlimited_prints: { type: 'boolean', title: 'Unlimited prints' },
        },
      },
      uiSchema: {},
    },
    fit: [{ id: 'min-hours', request: 'details.hours', op: '>=', settings: 'min_booking_hours', label: 'At least your minimum booking' }],
  };
}

/**
 * A 15th category file dropped into the schema folder of a running server (docs/operators.md:
 * Add a vendor category) takes requests and quotes with its own forms, lead cost and fit rule: no code change;
 * and app.json's cap on vendors per request is read as it stands.
 */
describe.each(TEST_DATABASES)('a category added while the server runs, on %s', (kind) => {
  let ctx: TestContext;
  let copy: SchemaCopy;

  beforeAll(async () => {
    copy = await copySchemas();
    ctx = await createTestContext({
      database: kind,
      schemasDir: copy.dir,
      watch: true,
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await copy?.remove();
  });

  it('when photo-booth.json is added, then booths are matched by its fit rule, the couple answers its request form and the business its quote form at its lead cost', async () => {
    const early = await postRequest(ctx, { category: 'photo-booth', details: { hours: 4 } });
    expect(errorPaths(expectProblem(early.res, 400, 'validation-failed'))).toEqual(['category']);

    const reloaded = nextEvent(ctx.store, 'reload');
    await replaceJson(copy.dir, 'categories/photo-booth.json', photoBooth());
    await reloaded;

    const requestForm = await agent(ctx).get('/api/config/forms/request-photo-booth');
    expect(requestForm.status).toBe(200);
    expect(requestForm.body.schema.required).toEqual(['hours']);
    expect((await agent(ctx).get('/api/config/forms/quote-photo-booth')).body.schema.required).toEqual(['hours_included']);

    const city = freshCity(ctx);
    const booth = await aVendor(ctx, { city, category: 15 });
    const florist = await aVendor(ctx, { city });
    await saveForm(ctx, booth, 'update-photo-booth-settings', { booth_hourly_rate: 150, min_booking_hours: 3 });
    await saveForm(ctx, booth, 'auto-response-photo_booth', { enabled: true, message: 'Thank you! We would love to bring our {category} to your day.' });

    const refused = await postRequest(ctx, { category: 'photo-booth', location: city, details: { hours: 40, backdrop: 'Lasers' } });
    expect(errorPaths(expectProblem(refused.res, 400, 'validation-failed')).sort()).toEqual(['details.backdrop', 'details.hours']);
    const short = await aConfirmedRequest(ctx, { category: 'photo-booth', location: city, details: { hours: 2 } });
    const { request } = await aConfirmedRequest(ctx, { category: 'photo-booth', location: city, details: { hours: 4, backdrop: 'Flower wall' } });

    expect(await matchedVendorIds(ctx, short.request.id)).toEqual([]);
    expect(await matchedVendorIds(ctx, request.id)).toEqual([booth.vendor.vendor_id]);
    const match = await matchOf(ctx, booth, request.id);
    expect(match).toMatchObject({ category: 'photo-booth', leadCost: 2, details: { hours: 4, backdrop: 'Flower wall' } });
    const [greeting] = await ctx.database.db.selectFrom('messages').select('body').where('quote_id', '=', match.id).execute();
    expect(greeting?.body).toBe('Thank you! We would love to bring our photo booth to your day.');
    expect(await ledgerRows(ctx, florist)).toHaveLength(1);

    const wrong = await submitQuote(ctx, booth, match, { details: { unlimited_prints: 'yes' } });
    expect(errorPaths(expectProblem(wrong, 400, 'validation-failed')).sort()).toEqual(['details.hours_included', 'details.unlimited_prints']);
    expect((await storedQuote(ctx, match.id)).status).toBe('potential');

    const quoted = await submitQuote(ctx, booth, match, { details: { hours_included: 4, unlimited_prints: true } });

    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body).toMatchObject({ data: { status: 'submitted', quoteDetails: { hours_included: 4, unlimited_prints: true } }, credits: { balance: 8 } });
    expect((await ledgerRows(ctx, booth)).at(-1)).toMatchObject({ delta: -2, reason: 'lead', quoteId: match.id });
  });

  it("when app.json's marketplace.maxVendorsPerRequest is lowered to 2 on the running server, then a request goes to 2 of 3 fitting businesses", async () => {
    const city = freshCity(ctx);
    for (let i = 0; i < 3; i += 1) await aVendor(ctx, { city });
    const app = (await copy.read('app.json')) as Record<string, unknown>;

    const reloaded = nextEvent(ctx.store, 'reload');
    await replaceJson(copy.dir, 'app.json', { ...app, marketplace: { maxVendorsPerRequest: 2 } });
    await reloaded;
    const { request } = await aConfirmedRequest(ctx, { location: city });

    expect(request.matched).toBe(2);
    expect(await matchedVendorIds(ctx, request.id)).toHaveLength(2);
  });
});
