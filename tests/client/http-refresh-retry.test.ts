import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHttpLayer, storedSession } from './http-test-server';

/** IndexedDB for one test (happy-dom has none); it outlives the "pages" a test loads one after the other. */
function installIndexedDb(): void {
  Object.defineProperty(globalThis, 'indexedDB', { value: new IDBFactory(), configurable: true, writable: true });
}

/**
 * A page whose refresh reaches the server, which rotates, but whose answer never comes back:
 * the page unloads (a reload, a link followed) while it is on the way. Resolves with that call.
 */
async function pageUnloadingDuringRefresh() {
  const first = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
  first.server.state.accessToken = 'not-yet-issued';
  first.server.on('/jwt/refresh-token', () => new Promise(() => {}));
  void first.http.get('/api/vendor/me').catch(() => {});
  await expect.poll(() => first.server.callsTo('/jwt/refresh-token')).toHaveLength(1);
  return first.server.callsTo('/jwt/refresh-token')[0]!;
}

describe('http: a refresh whose answer was lost', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'indexedDB');
  });

  it('when a page unloads while its refresh is on the way, then the next page sends the same token with the same Refresh-Retry-Key and goes on signed in', async () => {
    installIndexedDb();
    const lost = await pageUnloadingDuringRefresh();
    expect(lost.retryKey).toMatch(/^[A-Za-z0-9_-]{16,128}$/);

    // The next page: the same stored tokens, since the answer never arrived.
    const next = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    next.server.state.accessToken = 'not-yet-issued';
    const response = await next.http.get('/api/vendor/me');

    expect(response.status).toBe(200);
    expect(next.server.callsTo('/jwt/refresh-token')).toEqual([expect.objectContaining({ body: { refreshToken: 'refresh-0' }, retryKey: lost.retryKey })]);
    expect(storedSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(next.onExpired).not.toHaveBeenCalled();
  });

  it('when a rotation succeeded, then the next refresh (of the new token) sends a new key', async () => {
    installIndexedDb();
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    await http.get('/api/a');
    server.state.accessToken = 'expired-again';
    await http.get('/api/b');

    const keys = server.callsTo('/jwt/refresh-token').map((call) => call.retryKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('when the session ends, then the pending key goes with it', async () => {
    installIndexedDb();
    const lost = await pageUnloadingDuringRefresh();
    const handoff = await import('../../client/src/lib/session/rotation-handoff');
    expect(await handoff.retryKeyFor('refresh-0')).toBe(lost.retryKey);

    await handoff.forgetRotation();

    expect(await handoff.retryKeyFor('refresh-0')).not.toBe(lost.retryKey);
  });

  it('when the browser has no IndexedDB, then a key is still sent (kept only as long as the page)', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    await http.get('/api/a');
    expect(server.callsTo('/jwt/refresh-token')[0]!.retryKey).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });
});
