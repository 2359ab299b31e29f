/** "1 review", "12 reviews", "No reviews yet". */
export function reviewCount(count: number): string {
  if (count === 0) return 'No reviews yet';
  return `${count.toLocaleString('en-US')} review${count === 1 ? '' : 's'}`;
}

/** "Usually responds within 3 hours" (1 → "within an hour"). */
export function respondsWithin(hours: number): string {
  return hours === 1 ? 'Usually responds within an hour' : `Usually responds within ${hours} hours`;
}

/** "12 mi away", "0.4 mi away". */
export function milesAway(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1).replace(/\.0$/, '') : Math.round(miles)} mi away`;
}

/** A review's date as it reads under it: "March 3, 2026". */
export function reviewDate(at: number): string {
  return new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
