import { describe, expect, it } from 'vitest';
import plansJson from '../../../schemas/plans.json';
import { creditValueCents } from '../../../server/analytics/credit-value';

describe('creditValueCents', () => {
  it('when the plans file sells packs, then a credit is worth the price per credit of the smallest pack: 250 cents today', () => {
    expect(creditValueCents(plansJson)).toBe(250);
  });

  it('when the packs come in any order, then the one with fewest credits decides, rounded to the cent', () => {
    const packs = [
      { id: 'big', credits: 60, priceCents: 12_000 },
      { id: 'small', credits: 3, priceCents: 1_000 },
    ];
    expect(creditValueCents({ creditPacks: packs })).toBe(333);
  });

  it('when no pack is sold, then a credit is worth 0 and no cost is made up', () => {
    expect(creditValueCents({ creditPacks: [] })).toBe(0);
  });
});
