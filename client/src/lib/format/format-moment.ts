const sameDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const sameYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const other = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A moment (epoch ms) as a thread shows it, in the reader's time zone: "3:04 PM" today, "Nov 27, 3:04 PM" this year, "Nov 27, 2025" before. */
export function formatMoment(at: number, now = Date.now()): string {
  const date = new Date(at);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return sameDay.format(date);
  if (date.getFullYear() === today.getFullYear()) return sameYear.format(date);
  return other.format(date);
}
