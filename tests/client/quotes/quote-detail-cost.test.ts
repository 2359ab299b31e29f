import { describe, expect, it } from 'vitest';
import { costLine, creditCount, isShort, refundReasonOf } from '../../../client/src/features/quotes/quote-detail-cost';

describe('costLine', () => {
  it('when the balance is known, then the line names the cost and the balance; before, only the cost', () => {
    expect(costLine(2, 9)).toBe('Quoting costs 2 credits · you have 9');
    expect(costLine(1, 0)).toBe('Quoting costs 1 credit · you have 0');
    expect(costLine(3, undefined)).toBe('Quoting costs 3 credits');
    expect(creditCount(1)).toBe('1 credit');
  });
});

describe('isShort', () => {
  it('when the known balance is below the cost, then it is short; an unknown balance is left to the server', () => {
    expect(isShort(3, 2)).toBe(true);
    expect(isShort(3, 3)).toBe(false);
    expect(isShort(3, undefined)).toBe(false);
  });
});

describe('refundReasonOf', () => {
  it('when the ledger has a refund for the quote, then its note says why; otherwise there is none', () => {
    const entries = [
      { reason: 'lead', quoteId: 'q1', note: 'Quoted Sam, 2027-06-12' },
      { reason: 'refund', quoteId: 'q2', note: 'Another quote' },
      { reason: 'refund', quoteId: 'q1', note: 'The couple did not open your quote within 48 hours' },
    ];
    expect(refundReasonOf(entries, 'q1')).toBe('The couple did not open your quote within 48 hours');
    expect(refundReasonOf(entries, 'q3')).toBeNull();
  });
});
