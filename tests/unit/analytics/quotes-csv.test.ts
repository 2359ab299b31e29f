import { describe, expect, it } from 'vitest';
import type { QuoteExportRow } from '../../../server/analytics/quotes-csv';
import { quotesCsv } from '../../../server/analytics/quotes-csv';

const row: QuoteExportRow = {
  id: 'q1',
  createdAt: Date.UTC(2026, 0, 5, 9, 30),
  categoryId: 'florist',
  eventDate: '2026-06-01',
  status: 'submitted',
  submittedAt: Date.UTC(2026, 0, 5, 10, 0),
  priceCents: 185005,
  firstResponseAt: Date.UTC(2026, 0, 5, 10, 0),
  creditsSpent: 3,
};

describe('quotes CSV', () => {
  it('when a quote is exported, then its row follows the header, fields in order, lines ended by CRLF', () => {
    expect(quotesCsv([row])).toBe(
      'id,created,category,event date,status,submitted,price,first response minutes,credits spent\r\n' +
        'q1,2026-01-05T09:30:00.000Z,florist,2026-06-01,submitted,2026-01-05T10:00:00.000Z,1850.05,30,3\r\n',
    );
  });

  it('when a quote was never sent, then submitted, price and first response are empty', () => {
    const lines = quotesCsv([{ ...row, submittedAt: null, priceCents: null, firstResponseAt: null, creditsSpent: 0 }]).split('\r\n');
    expect(lines[1]).toBe('q1,2026-01-05T09:30:00.000Z,florist,2026-06-01,submitted,,,,0');
  });

  it('when a field holds a comma, a quote or a line break, then it is quoted with inner quotes doubled', () => {
    const lines = quotesCsv([{ ...row, categoryId: 'cakes, "fancy"\nones' }]).split('\r\n');
    expect(lines[1]).toContain(',"cakes, ""fancy""\nones",');
  });

  it('when a text cell starts like a formula, then it is prefixed with a quote mark so a spreadsheet shows it as text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const csv = quotesCsv([{ ...row, categoryId: `${start}SUM(A1)` }]);
      expect(csv).toContain(`'${start}SUM(A1)`);
    }
    expect(
      quotesCsv([{ ...row, creditsSpent: -2 }])
        .split('\r\n')[1]
        ?.endsWith(',-2'),
    ).toBe(true);
  });
});
