/** A count in a fixed window that started with its first hit. */
export interface WindowCount {
  count: number;
  /** When the window ends (epoch ms, on the server clock). */
  resetAt: number;
}

/**
 * Counters of attempts, per key, in fixed windows, on the server clock. Async, so that a store
 * shared by several instances (Redis) can stand behind the same interface.
 */
export interface CounterStore {
  /** Adds one to `key` (opening a window of `windowMs` if none is open) and returns the count. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The open window of `key`, or null. */
  get(key: string): Promise<WindowCount | null>;
  /** Takes back one hit of the open window (a limit that counts failures only, after a success). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Past this many keys, closed windows are swept on the next hit. */
const SWEEP_ABOVE = 10_000;

/** Counters in this process's memory: enough for one instance. */
export function createMemoryCounterStore(now: () => number): CounterStore {
  const windows = new Map<string, WindowCount>();
  const open = (key: string): WindowCount | null => {
    const found = windows.get(key);
    if (!found) return null;
    if (found.resetAt > now()) return found;
    windows.delete(key);
    return null;
  };
  return {
    async hit(key, windowMs) {
      if (windows.size > SWEEP_ABOVE) for (const k of [...windows.keys()]) open(k);
      const found = open(key);
      const next = found ? { count: found.count + 1, resetAt: found.resetAt } : { count: 1, resetAt: now() + windowMs };
      windows.set(key, next);
      return next;
    },
    async get(key) {
      return open(key);
    },
    async undo(key) {
      const found = open(key);
      if (found && found.count > 0) windows.set(key, { count: found.count - 1, resetAt: found.resetAt });
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
