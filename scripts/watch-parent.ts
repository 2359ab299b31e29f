/** How to watch: the defaults poll this process's own parent id once a second. */
export interface WatchParentOptions {
  /** Called once, when the parent id differs from the one seen at the start. */
  onGone: () => void;
  intervalMs?: number;
  parentPid?: () => number;
}

/**
 * Calls `onGone` once the process that started this one has exited: the kernel then hands the
 * orphan to init or a subreaper, so its parent id changes (POSIX; on Windows it never does and
 * this stays silent). Polling is the only portable way to notice, and one getppid a second costs
 * nothing. The timer does not keep the process alive. Returns a function that stops watching.
 */
export function watchParent({ onGone, intervalMs = 1_000, parentPid = () => process.ppid }: WatchParentOptions): () => void {
  const original = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === original) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
