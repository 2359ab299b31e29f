import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformErrors } from '../../../client/src/lib/forms/form-validator';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, type ProblemBody, type SessionBody } from '../../support/api/http';
import { formPayload, putForm, storedForms, validDataFor } from '../../support/api/forms';
import { aVendor } from '../../support/api/builders';
import { loadValidator } from './validator-module';

/** The browser's first message per field for `data` (the precompiled validator, worded as the form words it). */
async function clientErrors(ctx: TestContext, formId: string, data: Record<string, unknown>) {
  const payload = await formPayload(ctx, formId);
  const validator = await loadValidator(ctx, payload);
  const { errors } = validator.validateFormData(data, payload.schema as RJSFSchema);
  const first = new Map<string, string>();
  for (const error of createTransformErrors(payload.schema as RJSFSchema)(errors as RJSFValidationError[])) {
    const path = (error.property ?? '').replace(/^\./, '');
    if (path && !first.has(path)) first.set(path, error.message ?? '');
  }
  return [...first].map(([path, message]) => ({ path, message }));
}

/**
 * Rules that span fields, money with cents, merge fields and handles are in the form files and
 * judged by the one Ajv on both sides (docs/architecture.md: Server-driven forms): the server refuses with the
 * message on the field, stores nothing, and the browser's precompiled validator says the same.
 */
describe.each(TEST_DATABASES)('rules in the form files on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Saves `data`, expects a 400 naming exactly `errors`, nothing stored; and the browser finds the same. */
  async function refused(session: SessionBody, formId: string, data: Record<string, unknown>, errors: { path: string; message: string }[]) {
    const res = await putForm(ctx, session.accessToken, formId, data);
    const problem = expectProblem(res, 400, 'validation-failed') as ProblemBody;
    expect(problem.errors).toEqual(errors);
    expect((await storedForms(ctx, session.vendor.vendor_id)).map((row) => row.form_id)).not.toContain(formId);
    expect(await clientErrors(ctx, formId, data)).toEqual(errors);
  }

  it('when a caterer says 200 guests at least and 50 at most, then the maximum is refused naming the minimum', async () => {
    const session = await aVendor(ctx, { category: 'catering' });
    const data = { ...(await validDataFor(ctx, 'update-catering-settings')), catering_min_head_count: 200, catering_head_count: 50 };

    await refused(session, 'update-catering-settings', data, [{ path: 'catering_head_count', message: 'Must be at least 200 (the minimum guests)' }]);

    expect((await putForm(ctx, session.accessToken, 'update-catering-settings', { ...data, catering_head_count: 200 })).status).toBe(200);
  });

  it('when a planner prices partial planning above full planning, then full planning is refused naming partial planning', async () => {
    const session = await aVendor(ctx, { category: 'wedding-planner' });
    const services_offered = ['Full planning', 'Partial planning', 'Day-of coordination'];
    const data = {
      ...(await validDataFor(ctx, 'update-wedding-planner-settings')),
      services_offered,
      full_planning_price: 4000,
      partial_planning_price: 6000,
      day_of_coordination_price: 1500,
    };

    await refused(session, 'update-wedding-planner-settings', data, [
      { path: 'full_planning_price', message: 'Must be at least 6000 (the partial planning starting price)' },
    ]);
  });

  it('when a baker says no delivery but gives a delivery fee, then the fee is refused on its field; without the fee it saves', async () => {
    const session = await aVendor(ctx, { category: 'bakery' });
    const data = { ...(await validDataFor(ctx, 'update-bakery-settings')), delivery_available: false, delivery_fee: 40 };

    await refused(session, 'update-bakery-settings', data, [{ path: 'delivery_fee', message: 'Remove the delivery fee, or say delivery is available.' }]);

    const { delivery_fee: _fee, ...withoutFee } = data;
    expect((await putForm(ctx, session.accessToken, 'update-bakery-settings', withoutFee)).status).toBe(200);
    expect((await putForm(ctx, session.accessToken, 'update-bakery-settings', { ...data, delivery_available: true })).status).toBe(200);
  });

  it('when a photographer has no second shooter but prices one, then the fee is refused on its field', async () => {
    const session = await aVendor(ctx, { category: 'photography' });
    const data = { ...(await validDataFor(ctx, 'update-photography-settings')), second_shooter_available: false, second_shooter_fee: 300 };

    await refused(session, 'update-photography-settings', data, [
      { path: 'second_shooter_fee', message: 'Remove the second shooter fee, or say a second shooter is available.' },
    ]);
  });

  it('when a planner prices a service they do not offer, then that price is refused on its field; ticking the service saves it', async () => {
    const session = await aVendor(ctx, { category: 'wedding-planner' });
    const { day_of_coordination_price: _dayOf, ...sample } = await validDataFor(ctx, 'update-wedding-planner-settings');
    const data = { ...sample, services_offered: ['Full planning'], full_planning_price: 6000, partial_planning_price: 3000 };

    await refused(session, 'update-wedding-planner-settings', data, [
      { path: 'partial_planning_price', message: 'Tick partial planning in your services to price it.' },
    ]);

    expect(
      (await putForm(ctx, session.accessToken, 'update-wedding-planner-settings', { ...data, services_offered: ['Full planning', 'Partial planning'] })).status,
    ).toBe(200);
  });

  it('when a florist prices centerpieces without offering them, or sets up on site without delivering, then each is refused on its field', async () => {
    const session = await aVendor(ctx, { category: 'florist' });
    const base = await validDataFor(ctx, 'update-florist-settings');

    await refused(session, 'update-florist-settings', { ...base, services_offered: ['Bridal bouquets'], centerpiece_price: 60 }, [
      { path: 'centerpiece_price', message: 'Tick centerpieces in your services to price them.' },
    ]);
    const needsDelivery = 'On-site setup and breakdown need delivery: say delivery is available, or untick them.';
    await refused(session, 'update-florist-settings', { ...base, delivery_available: false, setup_included: true, breakdown_available: true }, [
      { path: 'setup_included', message: needsDelivery },
      { path: 'breakdown_available', message: needsDelivery },
    ]);

    const good = {
      ...base,
      services_offered: ['Bridal bouquets', 'Centerpieces'],
      centerpiece_price: 60,
      delivery_available: false,
      setup_included: false,
      breakdown_available: false,
    };
    expect((await putForm(ctx, session.accessToken, 'update-florist-settings', good)).status).toBe(200);
  });

  it('when a specialty vendor prices by the hour without a minimum booking, then the minimum is asked for on its field', async () => {
    const session = await aVendor(ctx, { category: 'specialty-vendors' });
    const { min_booking_hours: _hours, ...sample } = await validDataFor(ctx, 'update-specialty-vendors-settings');
    const data = { ...sample, pricing_unit: 'Per hour' };

    await refused(session, 'update-specialty-vendors-settings', data, [
      { path: 'min_booking_hours', message: 'You price by the hour: give your minimum booking, 1 hour or more.' },
    ]);
    await refused(session, 'update-specialty-vendors-settings', { ...data, min_booking_hours: 0 }, [
      { path: 'min_booking_hours', message: 'You price by the hour: give your minimum booking, 1 hour or more.' },
    ]);

    expect((await putForm(ctx, session.accessToken, 'update-specialty-vendors-settings', { ...data, min_booking_hours: 2 })).status).toBe(200);
  });

  it('when a bar service supplies the alcohol without a liquor license, then the license is asked for on its field', async () => {
    const session = await aVendor(ctx, { category: 'bartending-beverage' });
    const data = { ...(await validDataFor(ctx, 'update-bartending-beverage-settings')), alcohol_provided: true, liquor_license: false };

    await refused(session, 'update-bartending-beverage-settings', data, [
      { path: 'liquor_license', message: 'Supplying the alcohol takes a liquor license: tick it, or say the couple supplies the alcohol.' },
    ]);

    expect((await putForm(ctx, session.accessToken, 'update-bartending-beverage-settings', { ...data, liquor_license: true })).status).toBe(200);
  });

  it('when money has more than two decimals, then it is refused; cents are fine', async () => {
    const session = await aVendor(ctx, { category: 'catering' });
    const data = { ...(await validDataFor(ctx, 'update-catering-settings')), price_per_head: 25.999 };

    await refused(session, 'update-catering-settings', data, [{ path: 'price_per_head', message: 'Use at most two decimals (whole cents)' }]);

    expect((await putForm(ctx, session.accessToken, 'update-catering-settings', { ...data, price_per_head: 25.99 })).status).toBe(200);
  });

  it('when a number field holds words, then it is refused as not a number and nothing is stored', async () => {
    const session = await aVendor(ctx, { category: 'catering' });
    const data = { ...(await validDataFor(ctx, 'update-catering-settings')), catering_min_head_count: 'fifty' };

    await refused(session, 'update-catering-settings', data, [{ path: 'catering_min_head_count', message: 'Enter a whole number' }]);
  });

  it('when an auto-response uses {name} or {starting_price}, then it is refused listing the known merge fields; known ones save', async () => {
    const session = await aVendor(ctx, { category: 'bakery' });
    const message = 'Hi {name}, cakes start at {starting_price}. We look forward to it!';
    const data = { enabled: true, message };
    const known =
      'Use only these merge fields: {customer_name}, {event_date}, {category}, {guests}, {location}, {business_name}. Check the spelling and the braces.';

    await refused(session, 'auto-response-bakery', data, [{ path: 'message', message: known }]);

    const good = { enabled: true, message: 'Hi {customer_name}, thank you for thinking of {business_name} for your {category} on {event_date}!' };
    expect((await putForm(ctx, session.accessToken, 'auto-response-bakery', good)).status).toBe(200);
  });

  it('when the Instagram field holds an address or words, then it asks for a handle; a handle saves and the listing links to the profile', async () => {
    const session = await aVendor(ctx, { category: 'florist' });
    const data = { business_name: 'Petal & Stem', instagram: 'instagram dot com' };

    await refused(session, 'edit-profile', data, [{ path: 'instagram', message: 'Enter your Instagram handle, like @crumbandco' }]);

    expect((await putForm(ctx, session.accessToken, 'edit-profile', { ...data, instagram: '@petalandstem' })).status).toBe(200);
    const profile = await agent(ctx).get('/api/profile').set('Authorization', `Bearer ${session.accessToken}`);
    expect((profile.body as { data: { links: { instagram: string } } }).data.links.instagram).toBe('https://www.instagram.com/petalandstem');
  });
});
