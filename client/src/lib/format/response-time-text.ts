/**
 * A wait in whole minutes as the dashboard says it: "under a minute", "45 min", "2 h 10 min",
 * "3 h", "1 day 4 h", "3 days".
 */
export function formatResponseMinutes(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${String(minutes)} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return `${String(Math.floor(minutes / 60))} h${rest > 0 ? ` ${String(rest)} min` : ''}`;
  }
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  return `${String(days)} ${days === 1 ? 'day' : 'days'}${hours > 0 ? ` ${String(hours)} h` : ''}`;
}

/** A share (0..1) as a whole percentage: 0.8 → "80%". */
export function formatResponseRate(rate: number): string {
  return `${String(Math.round(rate * 100))}%`;
}
