import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHttpLayer, storedSession } from './http-test-server';

/** A stand-in for navigator.locks that records requests and can run code before granting the lock. */
function installFakeLocks(beforeGrant: () => void | Promise<void> = () => {}, beforeRelease: () => void | Promise<void> = () => {}) {
  const requested: string[] = [];
  let held = false;
  const locks = {
    async request(name: string, optionsOrCallback: unknown, maybeCallback?: () => Promise<unknown>) {
      const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as () => Promise<unknown>;
      requested.push(name);
      await beforeGrant();
      held = true;
      try {
        const result = await callback();
        await beforeRelease();
        return result;
      } finally {
        held = false;
      }
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { requested, isHeld: () => held };
}

type HttpLayer = Awaited<ReturnType<typeof loadHttpLayer>>;

/** The request went through with the tokens another tab rotated to, and no refresh was sent from here. */
async function expectOtherTabTokensUsed(http: HttpLayer['http'], server: HttpLayer['server'], onExpired: HttpLayer['onExpired']) {
  const response = await http.get('/api/vendor/me');
  expect(response.status).toBe(200);
  expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
  expect(server.callsTo('/api/vendor/me').map((call) => call.authorization)).toEqual(['Bearer expired', 'Bearer other-tab-access']);
  expect(storedSession()).toMatchObject({ accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
  expect(onExpired).not.toHaveBeenCalled();
}

afterEach(() => {
  // Drops the own property so happy-dom's prototype getter (no Web Locks) is back.
  Reflect.deleteProperty(navigator, 'locks');
});

describe('http: refresh across tabs with Web Locks', () => {
  it('when the refresh runs, then it holds the "vendor-token-refresh" lock while calling the server', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    const fake = installFakeLocks();
    let heldDuringRefresh = false;
    const rotate = server.routeHandler('/jwt/refresh-token');
    server.on('/jwt/refresh-token', (call) => {
      heldDuringRefresh = fake.isHeld();
      return rotate(call);
    });

    await Promise.all([http.get('/api/a'), http.get('/api/b'), http.get('/api/c')]);

    expect(fake.requested).toEqual(['vendor-token-refresh']);
    expect(heldDuringRefresh).toBe(true);
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(1);
  });

  it('when another tab rotated the tokens before this tab got the lock, then no refresh is sent and the request is replayed with the stored token', async () => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'other-tab-access';
    server.state.refreshToken = 'other-tab-refresh';
    installFakeLocks(() => {
      localStorage.setItem('vendorAccessToken', 'other-tab-access');
      localStorage.setItem('vendorRefreshToken', 'other-tab-refresh');
    });

    await expectOtherTabTokensUsed(http, server, onExpired);
  });

  it('when another tab signed out before this tab got the lock, then no refresh is sent and the session expires here too', async () => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    installFakeLocks(() => {
      localStorage.removeItem('vendorAccessToken');
      localStorage.removeItem('vendorRefreshToken');
    });

    await expect(http.get('/api/vendor/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('when navigator.locks is missing, then the refresh still runs', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    expect(navigator.locks).toBeFalsy();

    await expect(http.get('/api/vendor/me')).resolves.toMatchObject({ status: 200 });
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(1);
  });
});

/** IndexedDB for one test (happy-dom has none): a fresh, empty database factory. */
function installIndexedDb(): void {
  Object.defineProperty(globalThis, 'indexedDB', { value: new IDBFactory(), configurable: true, writable: true });
}

describe('http: refresh hand-off between tabs through IndexedDB', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'indexedDB');
  });

  it("when another tab rotated but this tab's localStorage still shows the old refresh token, then the rotation recorded in IndexedDB is used and nothing is sent to the server", async () => {
    installIndexedDb();
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'other-tab-access';
    server.state.refreshToken = 'other-tab-refresh';
    // The other tab's rotation, committed while it held the lock; its localStorage writes have not arrived here.
    const handoff = await import('../../client/src/lib/session/rotation-handoff');
    installFakeLocks(() => handoff.recordRotation('refresh-0', { accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' }));

    await expectOtherTabTokensUsed(http, server, onExpired);
  });

  it("when two rotations happened while this tab's localStorage still showed the first refresh token, then it follows both to the newest tokens and sends nothing", async () => {
    installIndexedDb();
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'other-tab-access';
    server.state.refreshToken = 'other-tab-refresh';
    const handoff = await import('../../client/src/lib/session/rotation-handoff');
    // One tab rotated refresh-0, then another rotated what it got: sending refresh-0 would be reuse.
    installFakeLocks(async () => {
      await handoff.recordRotation('refresh-0', { accessToken: 'between-access', refreshToken: 'between-refresh' });
      await handoff.recordRotation('between-refresh', { accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
    });

    await expectOtherTabTokensUsed(http, server, onExpired);
    expect(await handoff.rotationOf('between-refresh')).toEqual({ accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
  });

  it('when this tab rotates, then the rotation is recorded before the lock is released, and only for the token it replaced', async () => {
    installIndexedDb();
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    const handoff = await import('../../client/src/lib/session/rotation-handoff');
    let recordedWhileHeld: unknown = null;
    installFakeLocks(undefined, async () => {
      recordedWhileHeld = await handoff.rotationOf('refresh-0');
    });

    await http.get('/api/vendor/me');

    expect(recordedWhileHeld).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(await handoff.rotationOf('refresh-1')).toBeNull();
  });

  it('when the session ends, then the recorded rotation is forgotten (no tokens left at rest)', async () => {
    installIndexedDb();
    const { signOut } = await loadHttpLayer({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    const handoff = await import('../../client/src/lib/session/rotation-handoff');
    await handoff.recordRotation('refresh-0', { accessToken: 'access-1', refreshToken: 'refresh-1' });

    await signOut();

    await expect.poll(() => handoff.rotationOf('refresh-0')).toBeNull();
  });
});
