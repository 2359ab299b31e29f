import { describe, expect, it } from 'vitest';
import { cardBrandOf, cardDigits, checkCard, formatCardNumber, passesLuhn } from '../../../client/src/features/billing/card-input';

const NOW = new Date(2027, 5, 15);
const good = { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2030', cvc: '123' };

describe('formatCardNumber (the card number as typed)', () => {
  it('when digits are typed, then they are grouped by four with spaces, whatever else was typed', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242x4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('when the card is American Express, then it is grouped 4-6-5 as printed on it', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('when more than 19 digits are pasted, then the rest is dropped', () => {
    expect(cardDigits('1'.repeat(25))).toHaveLength(19);
  });
});

describe('cardBrandOf and passesLuhn', () => {
  it('when the first digits are typed, then the network is known', () => {
    expect(cardBrandOf('4242')).toBe('visa');
    expect(cardBrandOf('5555')).toBe('mastercard');
    expect(cardBrandOf('2221')).toBe('mastercard');
    expect(cardBrandOf('3782')).toBe('amex');
    expect(cardBrandOf('6011')).toBe('discover');
    expect(cardBrandOf('9999')).toBeNull();
  });

  it("when Stripe's test cards are checked, then they pass, and a one-digit typo fails", () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000000000000341', '378282246310005']) expect(passesLuhn(number), number).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
  });
});

describe('checkCard (the form checked before the card leaves the browser)', () => {
  it('when every field is right, then the body for the provider has digits only and a four-digit year', () => {
    expect(checkCard({ ...good, expYear: '30' }, NOW)).toEqual({ errors: {}, body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
  });

  it('when the form is empty, then each field says what to enter', () => {
    const { errors, body } = checkCard({ number: '', expMonth: '', expYear: '', cvc: '' }, NOW);
    expect(body).toBeNull();
    expect(errors).toEqual({
      number: 'Enter the card number',
      expMonth: 'Enter the expiry month',
      expYear: 'Enter the expiry year',
      cvc: 'Enter the security code',
    });
  });

  it('when the number has a typo or is short, then it says so in plain words', () => {
    expect(checkCard({ ...good, number: '4242 4242 4242 4243' }, NOW).errors.number).toBe('This card number is not right. Check the digits');
    expect(checkCard({ ...good, number: '4242 4242' }, NOW).errors.number).toBe('This card number is too short or too long');
  });

  it('when the expiry is past or impossible, then the month or the year is marked', () => {
    expect(checkCard({ ...good, expMonth: '13' }, NOW).errors.expMonth).toBe('Enter a month from 1 to 12');
    expect(checkCard({ ...good, expMonth: '5', expYear: '2027' }, NOW).errors.expYear).toBe('This card has expired');
    expect(checkCard({ ...good, expMonth: '6', expYear: '2027' }, NOW).errors).toEqual({});
    expect(checkCard({ ...good, expYear: '2O30' }, NOW).errors.expYear).toBe('Enter the year as on the card, like 2030');
  });

  it('when the security code has the wrong length for the card, then it says how many digits and where they are', () => {
    expect(checkCard({ ...good, cvc: '12' }, NOW).errors.cvc).toBe('Enter the 3 digits on the back of the card');
    expect(checkCard({ ...good, number: '3782 822463 10005', cvc: '123' }, NOW).errors.cvc).toBe('Enter the 4 digits on the front of the card');
  });
});
