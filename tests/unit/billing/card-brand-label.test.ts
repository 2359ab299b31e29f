import { describe, expect, it } from 'vitest';
import { cardBrandLabel } from '../../../shared/billing/card-brand-label';

describe('cardBrandLabel', () => {
  it('when the brand is one the provider names, then it reads as printed on the card', () => {
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('mastercard')).toBe('Mastercard');
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('discover')).toBe('Discover');
  });

  it('when the brand is not known here, then it is shown as the provider wrote it rather than dropped', () => {
    expect(cardBrandLabel('jcb')).toBe('jcb');
  });
});
