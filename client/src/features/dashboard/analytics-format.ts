import { formatResponseMinutes, formatResponseRate } from '../../lib/format/response-time-text';

/** A share (0..1) as a whole percentage, "—" when there is nothing to divide by. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : formatResponseRate(share);
}

/** A wait in whole minutes: "45 min", "2 h 10 min", "1 day 4 h"; "—" without answers. */
export function formatWait(minutes: number | null): string {
  return minutes === null ? '—' : formatResponseMinutes(minutes);
}

/** `2026-11` → "Nov 2026". */
export function formatMonth(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A count or ratio with at most one decimal ("1.5"), "—" when null. */
export function formatNumber(value: number | null): string {
  return value === null ? '—' : String(Math.round(value * 10) / 10);
}
