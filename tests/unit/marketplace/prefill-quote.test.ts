import { describe, expect, it } from 'vitest';
import type { QuotePrefill } from '../../../shared/contracts/category';
import { prefillQuote, type PrefillSources } from '../../../shared/marketplace/prefill-quote';

const BAKERY: QuotePrefill = {
  fields: [
    { quote: 'servings', request: 'guests' },
    { quote: 'tiers', request: 'details.tiers' },
    { quote: 'price_per_slice', settings: 'price_per_slice' },
    { quote: 'delivery_included', request: 'details.delivery_needed' },
  ],
  price: { settings: 'price_per_slice', times: 'guests' },
};

const sources = (settings: Record<string, unknown> | null, request: Partial<PrefillSources['request']> = {}): PrefillSources => ({
  settings,
  request: { guests: 120, details: {}, ...request },
});

describe('prefillQuote', () => {
  it('when the bakery says $7.50 a slice and the couple expects 120 guests, then the quote starts at $7.50 a slice, 120 servings and $900', () => {
    const quote = prefillQuote(BAKERY, sources({ price_per_slice: 7.5 }, { details: { tiers: 3, delivery_needed: false } }));
    expect(quote).toEqual({
      details: { servings: 120, tiers: 3, price_per_slice: 7.5, delivery_included: false },
      sources: { servings: 'request', tiers: 'request', price_per_slice: 'settings', delivery_included: 'request' },
      price: { cents: 90_000, amountCents: 750, times: 120 },
    });
  });

  it('when an amount has cents that floating point gets wrong, then the price is still whole cents', () => {
    // 0.29 × 100 is 28.999… in floating point.
    expect(prefillQuote(BAKERY, sources({ price_per_slice: 0.29 }, { guests: 3 })).price).toEqual({ cents: 87, amountCents: 29, times: 3 });
    expect(prefillQuote({ fields: [], price: { settings: 'rental_fee' } }, sources({ rental_fee: 4000.1 })).price).toEqual({
      cents: 400_010,
      amountCents: 400_010,
      times: null,
    });
  });

  it('when the price multiplies by an answer of the request, then it uses that answer, and no answer means no price', () => {
    const printing: QuotePrefill = { fields: [], price: { settings: 'price_per_invitation', times: 'details.quantity' } };
    expect(prefillQuote(printing, sources({ price_per_invitation: 4.25 }, { details: { quantity: 150 } })).price?.cents).toBe(63_750);
    expect(prefillQuote(printing, sources({ price_per_invitation: 4.25 })).price).toBeNull();
    expect(prefillQuote(printing, sources({ price_per_invitation: 4.25 }, { details: { quantity: 'lots' } })).price).toBeNull();
  });

  it('when the vendor has not saved its settings or left fields empty, then only the request fills anything', () => {
    expect(prefillQuote(BAKERY, sources(null))).toEqual({ details: { servings: 120 }, sources: { servings: 'request' }, price: null });
    expect(prefillQuote(BAKERY, sources({ price_per_slice: null }))).toMatchObject({ details: { servings: 120 }, price: null });
    expect(prefillQuote(BAKERY, sources({ price_per_slice: 0 })).price).toBeNull();
  });

  it('when a source holds blank text, an empty list, a list of objects or something else than a value, then it fills nothing; a false switch fills', () => {
    const fields: QuotePrefill = {
      fields: [
        { quote: 'menu', settings: 'menu' },
        { quote: 'styles', settings: 'styles' },
        { quote: 'packages', settings: 'packages' },
        { quote: 'notes', settings: 'notes' },
        { quote: 'staff_included', settings: 'includes_staff' },
        { quote: 'cuisines', settings: 'cuisines' },
      ],
    };
    const settings = { menu: '  ', styles: [], packages: [{ name: 'Gold' }], notes: { a: 1 }, includes_staff: false, cuisines: ['Texan', 'Italian'] };
    const quote = prefillQuote(fields, sources(settings));
    expect(quote.details).toEqual({ staff_included: false, cuisines: ['Texan', 'Italian'] });
    // A copy: editing the quote's list leaves the settings' alone.
    (quote.details.cuisines as string[]).push('Thai');
    expect(settings.cuisines).toEqual(['Texan', 'Italian']);
  });

  it('when a category has no prefill, then a quote starts blank', () => {
    expect(prefillQuote(undefined, sources({ price_per_slice: 7.5 }))).toEqual({ details: {}, sources: {}, price: null });
  });
});
