import { describe, expect, it } from 'vitest';
import { messageError, placeSubmitErrors, priceCentsOf } from '../../../client/src/features/quotes/quote-detail-draft';

describe('priceCentsOf', () => {
  it('when dollars are written as people write them, then they read as whole cents', () => {
    expect(priceCentsOf('1850')).toEqual({ cents: 185_000 });
    expect(priceCentsOf(' 1,850.5 ')).toEqual({ cents: 185_050 });
    expect(priceCentsOf('$1,850.50')).toEqual({ cents: 185_050 });
    expect(priceCentsOf('0.29')).toEqual({ error: 'At least $1.00' });
    expect(priceCentsOf('1.29')).toEqual({ cents: 129 });
    expect(priceCentsOf('1000000')).toEqual({ cents: 100_000_000 });
  });

  it('when the price is empty, not a number, below $1, above $1,000,000 or has a third decimal, then it says what is wrong in the server’s words', () => {
    expect(priceCentsOf('')).toEqual({ error: 'Enter your price' });
    expect(priceCentsOf('   ')).toEqual({ error: 'Enter your price' });
    expect(priceCentsOf('about 2k')).toEqual({ error: 'Enter an amount in dollars, like 1,850 or 1850.50' });
    expect(priceCentsOf('0.5')).toEqual({ error: 'At least $1.00' });
    expect(priceCentsOf('-20')).toEqual({ error: 'At least $1.00' });
    expect(priceCentsOf('1000000.01')).toEqual({ error: 'At most $1,000,000.00' });
    expect(priceCentsOf('12.345')).toEqual({ error: 'Use dollars and cents: at most two decimals' });
  });
});

describe('messageError', () => {
  it('when the message has a few words, then nothing is wrong; when it is blank or too short once trimmed, then it asks for more', () => {
    expect(messageError('We would love to do your flowers.')).toBeNull();
    expect(messageError('          ')).toBe('Write at least a few words to the couple');
    expect(messageError('   Hi there  ')).toBe('Write at least a few words to the couple');
    expect(messageError('x'.repeat(4001))).toBe('Use at most 4,000 characters');
  });
});

describe('placeSubmitErrors', () => {
  it('when the server refuses a submit, then the price and message errors go to their fields, the quote form’s to its fields by their inner path, and the rest above the form', () => {
    expect(
      placeSubmitErrors([
        { path: 'priceCents', message: 'At least $1.00' },
        { path: 'message', message: 'Write at least a few words to the couple' },
        { path: 'details.arrangements', message: 'Use at least 10 characters' },
        { path: 'details.packages.0.name', message: 'This field is required' },
        { path: 'details', message: 'Expected an object' },
      ]),
    ).toEqual({
      price: 'At least $1.00',
      message: 'Write at least a few words to the couple',
      details: [
        { path: 'arrangements', message: 'Use at least 10 characters' },
        { path: 'packages.0.name', message: 'This field is required' },
      ],
      unplaced: [{ path: 'details', message: 'Expected an object' }],
    });
  });

  it('when a field has several errors, then its first is shown', () => {
    expect(
      placeSubmitErrors([
        { path: 'priceCents', message: 'first' },
        { path: 'priceCents', message: 'second' },
      ]).price,
    ).toBe('first');
  });
});
