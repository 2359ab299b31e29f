import { describe, expect, it } from 'vitest';
import type { FitRule } from '../../../shared/contracts/category';
import { fitPasses, type FitRequest } from '../../../shared/marketplace/fit-passes';

const rule = (request: string, op: FitRule['op'], settings: string): FitRule => ({ id: 'r', request, op, settings, label: 'a rule' });
const request = (over: Partial<FitRequest> = {}): FitRequest => ({ guests: 120, budgetCents: 1_200_000, details: {}, ...over });

describe('fitPasses', () => {
  it('when guests are compared with a minimum or a maximum, then the bounds hold inclusively', () => {
    expect(fitPasses(rule('guests', '>=', 'min_servings'), request(), { min_servings: 120 })).toBe(true);
    expect(fitPasses(rule('guests', '>=', 'min_servings'), request(), { min_servings: 121 })).toBe(false);
    expect(fitPasses(rule('guests', '<=', 'seated_capacity'), request(), { seated_capacity: 100 })).toBe(false);
  });

  it('when the budget is compared, then it is read in dollars, whole or per guest', () => {
    expect(fitPasses(rule('budget', '>=', 'min_order_amount'), request(), { min_order_amount: 12000 })).toBe(true);
    expect(fitPasses(rule('budget', '>=', 'min_order_amount'), request(), { min_order_amount: 12000.01 })).toBe(false);
    expect(fitPasses(rule('budgetPerGuest', '>=', 'price_per_head'), request(), { price_per_head: 100 })).toBe(true);
    expect(fitPasses(rule('budgetPerGuest', '>=', 'price_per_head'), request(), { price_per_head: 101 })).toBe(false);
  });

  it('when lists are compared, then in, subset and overlaps mean what they say', () => {
    const styles = { service_styles: ['Buffet', 'Plated'] };
    expect(fitPasses(rule('details.style', 'in', 'service_styles'), request({ details: { style: 'Buffet' } }), styles)).toBe(true);
    expect(fitPasses(rule('details.style', 'in', 'service_styles'), request({ details: { style: 'Food truck' } }), styles)).toBe(false);
    const diets = { dietary_options: ['Vegan', 'Gluten-free'] };
    expect(fitPasses(rule('details.needs', 'subset', 'dietary_options'), request({ details: { needs: ['Vegan'] } }), diets)).toBe(true);
    expect(fitPasses(rule('details.needs', 'subset', 'dietary_options'), request({ details: { needs: ['Vegan', 'Kosher'] } }), diets)).toBe(false);
    expect(fitPasses(rule('details.needs', 'overlaps', 'dietary_options'), request({ details: { needs: ['Kosher', 'Vegan'] } }), diets)).toBe(true);
    expect(fitPasses(rule('details.needs', 'overlaps', 'dietary_options'), request({ details: { needs: ['Kosher'] } }), diets)).toBe(false);
  });

  it('when the request asks for something, then requires needs the vendor to offer it; not asking never excludes', () => {
    expect(fitPasses(rule('details.delivery', 'requires', 'delivery_available'), request({ details: { delivery: true } }), { delivery_available: false })).toBe(
      false,
    );
    expect(fitPasses(rule('details.delivery', 'requires', 'delivery_available'), request({ details: { delivery: true } }), { delivery_available: true })).toBe(
      true,
    );
    expect(
      fitPasses(rule('details.delivery', 'requires', 'delivery_available'), request({ details: { delivery: false } }), { delivery_available: false }),
    ).toBe(true);
  });

  it('when the vendor left the settings field empty, or the request left its value empty, then the rule passes', () => {
    expect(fitPasses(rule('guests', '>=', 'min_servings'), request(), {})).toBe(true);
    expect(fitPasses(rule('budget', '>=', 'min_order_amount'), request({ budgetCents: null }), { min_order_amount: 5000 })).toBe(true);
    expect(fitPasses(rule('details.needs', 'subset', 'dietary_options'), request({ details: { needs: [] } }), { dietary_options: ['Vegan'] })).toBe(true);
    expect(fitPasses(rule('details.needs', 'subset', 'dietary_options'), request({ details: { needs: ['Vegan'] } }), { dietary_options: [] })).toBe(true);
  });
});
