/** Web Locks name shared by every tab of the app, so only one tab rotates the refresh token at a time. */
export const REFRESH_LOCK_NAME = 'vendor-token-refresh';

/**
 * Runs `task` while holding the cross-tab refresh lock. Without the Web Locks API (old
 * browsers, test DOMs) the task runs at once: the storage re-read inside it still catches
 * most races, and the server's reuse detection is the last line.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | null | undefined);
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, () => task());
}
