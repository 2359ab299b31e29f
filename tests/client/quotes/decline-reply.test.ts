import { describe, expect, it } from 'vitest';
import { declineReplyFor } from '../../../client/src/features/quotes/decline-reply';

const fit = { id: 'fit', title: 'Not a good fit', body: 'Not the right choice this time.' };
const date = { id: 'date', title: 'Not available on your date', body: 'Already booked on your date.' };

describe('declineReplyFor', () => {
  it('when the reason says the date is taken, then the decline starts from the quick reply about the date, wherever it is in the list', () => {
    for (const reason of ['Booked that weekend', 'Not available on the 12th', 'We are busy that day', 'date taken']) {
      expect(declineReplyFor([fit, date], reason), reason).toBe(date);
    }
  });

  it('when the reason says something else, is empty, or no reply is about the date, then it starts from the first; with none, from nothing', () => {
    expect(declineReplyFor([fit, date], 'Too far from us')).toBe(fit);
    expect(declineReplyFor([fit, date], '')).toBe(fit);
    expect(declineReplyFor([fit], 'Booked that weekend')).toBe(fit);
    expect(declineReplyFor([], 'Booked that weekend')).toBeUndefined();
  });
});
