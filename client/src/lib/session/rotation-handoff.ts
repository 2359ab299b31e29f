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

/** Records that `from` was rotated into `tokens`; resolves once the write is committed. */
export async function recordRotation(from: string, tokens: TokenPair): Promise<void> {
  const rotation: Rotation = { from, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  await inStore('readwrite', (store) => store.put(rotation, KEY));
}

/** The tokens another tab got for `refreshToken`, when the last rotation replaced exactly it. */
export async function rotationOf(refreshToken: string): Promise<TokenPair | null> {
  const rotation = (await inStore('readonly', (store) => store.get(KEY))) as Rotation | undefined;
  if (!rotation || rotation.from !== refreshToken) return null;
  return { accessToken: rotation.accessToken, refreshToken: rotation.refreshToken };
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
