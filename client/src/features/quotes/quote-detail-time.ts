const moment = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A moment (epoch ms) as the vendor reads it in their own time zone: "Jun 12, 2027, 3:04 PM". */
export function formatMoment(at: number): string {
  return moment.format(new Date(at));
}
