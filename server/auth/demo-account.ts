/**
 * The demo account `npm start` creates in development: an onboarded bakery whose password is
 * printed on the console and in the README, so it must never sign in to a production server.
 * `.test` is a reserved top-level domain: no real vendor can own this address.
 */
export const DEMO_ACCOUNT = { email: 'demo@vowly.test', password: 'wedding-cake-2026', businessName: 'Sweet Tiers Bakery' } as const;

/** How an operator removes the demo account from a database (`scripts/delete-demo.ts`). */
export const DELETE_DEMO_COMMAND = 'npm run demo:delete';

/** True for the demo account's address, however it is typed. */
export function isDemoEmail(email: string): boolean {
  return email.trim().toLowerCase() === DEMO_ACCOUNT.email;
}
