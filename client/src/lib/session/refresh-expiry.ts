/**
 * Whether the session's stored end (`vendorRefreshExpiresAt`, epoch ms as the server answered it)
 * has passed by the browser's clock. Nothing stored, or something that is not a time (a session
 * stored before the expiry was kept), is not known to have ended: the server's answer decides.
 */
export function refreshExpiryPassed(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d+$/.test(stored)) return false;
  return Number(stored) <= now;
}
