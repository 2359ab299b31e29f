/**
 * The last rotation of the refresh token, kept in IndexedDB for the other tabs. localStorage is
 * not enough across tabs: Chromium propagates its writes to other renderer processes
 * asynchronously, so a tab that gets the refresh lock right after another tab rotated can still
 * read the old refresh token there, send it, and make the server see reuse (ending the session).
 * IndexedDB transactions are ordered across tabs: a rotation recorded before the lock is
 * released is seen by whoever takes the lock next. Without IndexedDB (old browsers, test DOMs)
 * both functions do nothing and the localStorage check stays the only one.
 */

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

interface Rotation extends TokenPair {
  /** The refresh token this rotation replaced. */
  from: string;
}

interface PendingRotation {
  /** The refresh token being sent. */
  from: string;
  /** The Refresh-Retry-Key sent with it. */
  key: string;
}

const DB_NAME = 'vendor-session';
const STORE = 'rotation';
const KEY = 'last';
const PENDING = 'pending';
/**
 * Rotations kept: a tab whose localStorage is behind by more than one (another tab and the live
 * stream both refreshed while its view lagged) follows them to the newest instead of sending a
 * spent token.
 */
const KEPT_ROTATIONS = 8;

let opening: Promise<IDBDatabase | null> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase | null> {
  opening ??= (async () => {
    if (typeof indexedDB === 'undefined') return null;
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    return request(open);
  })().catch(() => null);
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  try {
    const db = await openDatabase();
    if (!db) return undefined;
    const tx = db.transaction(STORE, mode);
    const result = request(run(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
    return await result;
  } catch {
    return undefined;
  }
}

/** The kept rotations, oldest first (a single one, as an earlier version kept it, is a list of one). */
function rotationsIn(value: unknown): Rotation[] {
  const list: unknown[] = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter(
    (item): item is Rotation =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Rotation).from === 'string' &&
      typeof (item as Rotation).accessToken === 'string' &&
      typeof (item as Rotation).refreshToken === 'string',
  );
}

/** Records that `from` was rotated into `tokens` (with the last few before it); resolves once the write is committed. */
export async function recordRotation(from: string, tokens: TokenPair): Promise<void> {
  const rotation: Rotation = { from, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  await inStore('readwrite', (store) => {
    // Read and written in one transaction: a rotation another tab records meanwhile is not lost.
    const read = store.get(KEY);
    read.addEventListener('success', () => void store.put([...rotationsIn(read.result), rotation].slice(-KEPT_ROTATIONS), KEY));
    return read;
  });
}

/**
 * The newest tokens that `refreshToken` was rotated into, following every rotation kept since
 * (A to B by one tab, B to C by another: A gets C), or null when it was not rotated.
 */
export async function rotationOf(refreshToken: string): Promise<TokenPair | null> {
  const rotations = rotationsIn(await inStore('readonly', (store) => store.get(KEY)));
  let newest: Rotation | null = null;
  let token = refreshToken;
  for (let step = 0; step < rotations.length; step += 1) {
    const next = rotations.find((rotation) => rotation.from === token);
    if (!next) break;
    newest = next;
    token = next.refreshToken;
  }
  return newest ? { accessToken: newest.accessToken, refreshToken: newest.refreshToken } : null;
}

/**
 * The Refresh-Retry-Key to send with `refreshToken`: the one an earlier send of this same token
 * recorded (its page unloaded before the answer came, so the server rotated and the answer was
 * lost; the same key makes this send a retry of it), else a new one, recorded before it is sent.
 * Without IndexedDB the key lives only as long as the page.
 */
export async function retryKeyFor(refreshToken: string): Promise<string> {
  const pending = (await inStore('readonly', (store) => store.get(PENDING))) as PendingRotation | undefined;
  if (pending && pending.from === refreshToken) return pending.key;
  const key = newRetryKey();
  await inStore('readwrite', (store) => store.put({ from: refreshToken, key } satisfies PendingRotation, PENDING));
  return key;
}

/** 24 random characters of [A-Za-z0-9_-]. getRandomValues, not randomUUID: the latter needs a secure context (no plain http on a LAN address). */
function newRetryKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** Forgets the last rotation and any pending one (the session ended: no tokens stay at rest). */
export async function forgetRotation(): Promise<void> {
  await inStore('readwrite', (store) => store.delete(KEY));
  await inStore('readwrite', (store) => store.delete(PENDING));
}
