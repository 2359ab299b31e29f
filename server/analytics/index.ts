/**
 * The analytics module: what a business's leads came to over the last 30, 90 or 365 days
 * (docs/marketplace.md, Analytics), and the CSV export of its quotes. It reads the quotes' and the
 * credits' records and writes nothing.
 */
export { analyticsRouter } from './analytics.router';
