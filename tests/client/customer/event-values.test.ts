import { describe, expect, it } from 'vitest';
import { budgetCentsOf, eventBodyOf, guestsOf } from '../../../client/src/features/customer/event-values';

describe('guestsOf', () => {
  it.each([
    ['120', 120],
    ['1,200', 1200],
    [' 8 ', 8],
    ['20000', 20000],
  ])('when "%s" is typed, then the guests are %d', (text, guests) => {
    expect(guestsOf(text)).toBe(guests);
  });

  it.each(['', '0', '-3', '12.5', 'many', '20001'])('when "%s" is typed, then it is no guest count', (text) => {
    expect(guestsOf(text)).toBeNull();
  });
});

describe('budgetCentsOf', () => {
  it.each([
    ['2500', 250_000],
    ['$2,500.50', 250_050],
    ['0.1', 10],
    ['1000000', 100_000_000],
  ])('when "%s" is typed, then the budget is %d cents', (text, cents) => {
    expect(budgetCentsOf(text)).toBe(cents);
  });

  it('when nothing is typed, then there is no budget', () => {
    expect(budgetCentsOf('')).toBeUndefined();
    expect(budgetCentsOf(undefined)).toBeUndefined();
  });

  it.each(['a lot', '-5', '1000000.01', '10.005'])('when "%s" is typed, then it is no amount', (text) => {
    expect(budgetCentsOf(text)).toBeNull();
  });
});

describe('eventBodyOf', () => {
  it('when the step is filled, then the body carries guests as a number and the budget in cents', () => {
    expect(eventBodyOf({ eventDate: '2027-06-12', location: ' Austin, TX ', guests: '120', budget: '$2,500' })).toEqual({
      eventDate: '2027-06-12',
      location: 'Austin, TX',
      guests: 120,
      budgetCents: 250_000,
    });
  });

  it('when the budget is left empty, then the body has none', () => {
    expect(eventBodyOf({ eventDate: '2027-06-12', location: '78701', guests: '80' })).not.toHaveProperty('budgetCents');
  });
});
