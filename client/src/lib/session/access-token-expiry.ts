/**
 * Whether a stored access token is known to have expired: its `exp` claim (read, not verified:
 * the server verifies) has passed by the browser's clock. A token that is not a readable JWT is
 * not known to have expired (its first request's 401 tells).
 */
export function accessTokenExpired(token: string | null, now: number): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 <= now;
  } catch {
    return false;
  }
}
