import { describe, expect, it } from 'vitest';
import {
  cardDigits,
  checkSandboxCard,
  cvcLengthFor,
  detectCardBrand,
  isCardExpired,
  passesLuhn,
  type CardDetails,
} from '../../../server/billing/sandbox/test-cards';

const now = Date.parse('2026-11-24T12:00:00Z');
const card = (number: string, overrides: Partial<CardDetails> = {}): CardDetails => ({ number, expMonth: 12, expYear: 2030, cvc: '987', ...overrides });

describe('sandbox test cards', () => {
  describe('passesLuhn', () => {
    it.each(['4242424242424242', '378282246310005', '6011111111111117', '79927398713'])('when the number is %s, then it passes', (digits) => {
      expect(passesLuhn(digits)).toBe(true);
    });

    it.each(['4242424242424241', '4242424242424243', '79927398710', '42424242x4242424', ''])('when the number is "%s", then it fails', (digits) => {
      expect(passesLuhn(digits)).toBe(false);
    });
  });

  describe('cardDigits', () => {
    it('when the number is grouped with spaces or dashes, then those are dropped', () => {
      expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
      expect(cardDigits('4242-4242-4242-4242')).toBe('4242424242424242');
    });

    it('when the number holds anything but digits or is too short or long, then it is no card number', () => {
      for (const number of ['4242 4242 4242 424a', '4242.4242.4242.4242', '42424242424', '4'.repeat(20), '']) expect(cardDigits(number)).toBeNull();
    });
  });

  describe('detectCardBrand', () => {
    it.each([
      ['4242424242424242', 'visa'],
      ['5105105105105100', 'mastercard'],
      ['5555555555554444', 'mastercard'],
      ['2221000000000009', 'mastercard'],
      ['2720990000000007', 'mastercard'],
      ['340000000000009', 'amex'],
      ['378282246310005', 'amex'],
      ['6011111111111117', 'discover'],
      ['6500000000000002', 'discover'],
      ['6440000000000000', 'discover'],
      ['6221260000000000', 'discover'],
      ['6229250000000000', 'discover'],
    ])('when the number starts like %s, then the brand is %s', (digits, brand) => {
      expect(detectCardBrand(digits)).toBe(brand);
    });

    it.each([
      ['a Diners Club number', '30569309025904'],
      ['a JCB number', '3530111333300000'],
      ['a number just below the Mastercard 2-series', '2220990000000000'],
      ['a number just above the Mastercard 2-series', '2721000000000000'],
      ['a Maestro-like 56 prefix', '5600000000000000'],
      ['a number just below the Discover 622 range', '6221250000000000'],
      ['a 643 prefix', '6430000000000000'],
    ])('when it is %s, then no accepted brand matches', (_label, digits) => {
      expect(detectCardBrand(digits)).toBeNull();
    });
  });

  it('when the brand is amex, then the CVC has four digits; otherwise three', () => {
    expect(cvcLengthFor('amex')).toBe(4);
    expect(cvcLengthFor('visa')).toBe(3);
    expect(cvcLengthFor('mastercard')).toBe(3);
    expect(cvcLengthFor('discover')).toBe(3);
  });

  describe('isCardExpired', () => {
    it('when it is the last millisecond of the expiry month, then the card is still good; a millisecond later it has expired', () => {
      expect(isCardExpired(11, 2026, Date.parse('2026-11-30T23:59:59.999Z'))).toBe(false);
      expect(isCardExpired(11, 2026, Date.parse('2026-12-01T00:00:00.000Z'))).toBe(true);
    });

    it('when the card expires in December, then it is good until the new year', () => {
      expect(isCardExpired(12, 2026, Date.parse('2026-12-31T23:59:59.999Z'))).toBe(false);
      expect(isCardExpired(12, 2026, Date.parse('2027-01-01T00:00:00.000Z'))).toBe(true);
    });

    it('when the year has two digits, then it is taken as 20xx', () => {
      expect(isCardExpired(10, 26, now)).toBe(true);
      expect(isCardExpired(12, 26, now)).toBe(false);
    });
  });

  describe('checkSandboxCard', () => {
    it('when the card is 4242 4242 4242 4242, then it is accepted as a Visa ending 4242 whose charges succeed', () => {
      expect(checkSandboxCard(card('4242 4242 4242 4242'), now)).toEqual({
        ok: true,
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, declinesOnAttach: false, failsChargesWith: null },
      });
    });

    it('when the card is 4000 0000 0000 0002, then it is tokenised and marked to be declined when attached', () => {
      expect(checkSandboxCard(card('4000 0000 0000 0002'), now)).toMatchObject({
        ok: true,
        card: { last4: '0002', declinesOnAttach: true, failsChargesWith: null },
      });
    });

    it('when the card is 4000 0000 0000 0341, then it is accepted but every later charge is declined', () => {
      expect(checkSandboxCard(card('4000000000000341'), now)).toEqual({
        ok: true,
        card: { brand: 'visa', last4: '0341', expMonth: 12, expYear: 2030, declinesOnAttach: false, failsChargesWith: 'card-declined' },
      });
    });

    it('when the card is 4000 0000 0000 9995, then it is accepted but every later charge fails for insufficient funds', () => {
      expect(checkSandboxCard(card('4000000000009995'), now)).toMatchObject({ ok: true, card: { last4: '9995', failsChargesWith: 'insufficient-funds' } });
    });

    it.each([
      ['5555 5555 5555 4444', '987', 'mastercard', '4444'],
      ['2223 0031 2200 3222', '987', 'mastercard', '3222'],
      ['3782 822463 10005', '9876', 'amex', '0005'],
      ['6011 1111 1111 1117', '987', 'discover', '1117'],
    ])("when the card is Stripe's %s test card, then it is accepted with its brand and last 4", (number, cvc, brand, last4) => {
      expect(checkSandboxCard(card(number, { cvc }), now)).toMatchObject({ ok: true, card: { brand, last4, failsChargesWith: null } });
    });

    it('when the expiry year has two digits, then the accepted card carries the full year', () => {
      expect(checkSandboxCard(card('4242424242424242', { expYear: 30 }), now)).toMatchObject({ ok: true, card: { expYear: 2030 } });
    });

    it.each([
      ['the number has letters', card('4242 4242 4242 424x'), 'invalid-number'],
      ['the number is too short', card('4242 4242'), 'invalid-number'],
      ['a Visa number has 15 digits', card('424242424242424'), 'invalid-number'],
      ['an Amex number has 16 digits', card('3782822463100055', { cvc: '9876' }), 'invalid-number'],
      ['the brand is not accepted (JCB)', card('3530 1113 3330 0000'), 'unsupported-brand'],
      ['the last digit is wrong', card('4242 4242 4242 4241'), 'luhn-check-failed'],
      ['the expiry month is 0', card('4242424242424242', { expMonth: 0 }), 'invalid-expiry'],
      ['the expiry month is 13', card('4242424242424242', { expMonth: 13 }), 'invalid-expiry'],
      ['the expiry month is not whole', card('4242424242424242', { expMonth: 1.5 }), 'invalid-expiry'],
      ['the expiry year is 1999', card('4242424242424242', { expYear: 1999 }), 'invalid-expiry'],
      ['the card expired last month', card('4242424242424242', { expMonth: 10, expYear: 2026 }), 'expired-card'],
      ['the CVC has letters', card('4242424242424242', { cvc: '9a7' }), 'invalid-cvc'],
      ['a Visa CVC has four digits', card('4242424242424242', { cvc: '9876' }), 'invalid-cvc'],
      ['an Amex CVC has three digits', card('378282246310005', { cvc: '987' }), 'invalid-cvc'],
      ['the number is valid but not a test card', card('4111 1111 1111 1111'), 'card-declined'],
    ])('when %s, then it is refused as %s', (_label, details, reason) => {
      expect(checkSandboxCard(details, now)).toMatchObject({ ok: false, reason });
    });

    it('when any card is checked, then neither its full number nor its CVC appears in the result', () => {
      const numbers = [
        '4242424242424242',
        '4000000000000002',
        '4000000000000341',
        '4000000000009995',
        '4111111111111111',
        '4242424242424241',
        '3530111333300000',
        '424242424242424',
      ];
      for (const number of numbers) {
        for (const overrides of [{}, { expMonth: 10, expYear: 2026 }, { cvc: '9a7' }]) {
          const text = JSON.stringify(checkSandboxCard(card(number, { cvc: '987', ...overrides }), now));
          expect(text).not.toContain(number);
          expect(text).not.toContain(number.slice(0, 8));
          expect(text).not.toContain('987');
        }
      }
    });
  });
});
