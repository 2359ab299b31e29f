import type { LeadExportRow } from '../quotes';
import { MINUTE_MS } from '../../shared/time/durations';

/** A lead of the export, with the credits it cost in the end. */
export type QuoteExportRow = LeadExportRow & { creditsSpent: number };

/** The export's columns, in order (docs/marketplace.md, Analytics). */
export const QUOTES_CSV_HEADER = ['id', 'created', 'category', 'event date', 'status', 'submitted', 'price', 'first response minutes', 'credits spent'];

/** What a spreadsheet would run as a formula at the start of a cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, inner quotes
 * doubled. Text cells that a spreadsheet would read as a formula get a leading `'` first.
 */
function field(value: string | number | null, text = false): string {
  if (value === null) return '';
  let cell = String(value);
  if (text && FORMULA_START.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** Integer cents as dollars with two decimals (`185000` → `1850.00`). */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The CSV export of quotes: a header row, then a row per quote, lines ended by CRLF (RFC 4180). */
export function quotesCsv(rows: readonly QuoteExportRow[]): string {
  const lines = [QUOTES_CSV_HEADER.map((name) => field(name)).join(',')];
  for (const row of rows) {
    lines.push(
      [
        field(row.id, true),
        field(new Date(row.createdAt).toISOString()),
        field(row.categoryId, true),
        field(row.eventDate, true),
        field(row.status, true),
        field(row.submittedAt === null ? null : new Date(row.submittedAt).toISOString()),
        field(row.priceCents === null ? null : dollars(row.priceCents)),
        field(row.firstResponseAt === null ? null : Math.round((row.firstResponseAt - row.createdAt) / MINUTE_MS)),
        field(row.creditsSpent),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
