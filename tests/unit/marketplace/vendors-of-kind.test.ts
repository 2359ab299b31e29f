import { describe, expect, it } from 'vitest';
import { vendorsOfKind } from '../../../shared/marketplace/vendors-of-kind';

describe('vendorsOfKind', () => {
  it('when a label names the people of a trade, then it is their plural ("Bakery" → "bakeries", "Florist" → "florists")', () => {
    expect(vendorsOfKind('Bakery')).toBe('bakeries');
    expect(vendorsOfKind('Florist')).toBe('florists');
    expect(vendorsOfKind('Venue')).toBe('venues');
    expect(vendorsOfKind('Wedding planner')).toBe('wedding planners');
  });

  it('when a label names the trade itself, then its vendors are "<trade> vendors"', () => {
    expect(vendorsOfKind('Photography')).toBe('photography vendors');
    expect(vendorsOfKind('Catering')).toBe('catering vendors');
    expect(vendorsOfKind('Hair & makeup')).toBe('hair & makeup vendors');
    expect(vendorsOfKind('Rentals')).toBe('rental vendors');
    expect(vendorsOfKind('Transportation')).toBe('transportation vendors');
    expect(vendorsOfKind('Specialty vendors')).toBe('specialty vendors');
  });

  it('when a count is given, then one is singular and any other number plural, with thousands separated', () => {
    expect(vendorsOfKind('Bakery', 1)).toBe('1 bakery');
    expect(vendorsOfKind('Bakery', 12)).toBe('12 bakeries');
    expect(vendorsOfKind('Bakery', 0)).toBe('0 bakeries');
    expect(vendorsOfKind('Photography', 1)).toBe('1 photography vendor');
    expect(vendorsOfKind('Florist', 1200)).toBe('1,200 florists');
  });
});
