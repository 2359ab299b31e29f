import { afterEach, describe, expect, it } from 'vitest';
import { loadHttpLayer, storedSession } from './http-test-server';

/** A stand-in for navigator.locks that records requests and can run code before granting the lock. */
function installFakeLocks(beforeGrant: () => void = () => {}) {
  const requested: string[] = [];
  let held = false;
  const locks = {
    async request(name: string, optionsOrCallback: unknown, maybeCallback?: () => Promise<unknown>) {
      const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as () => Promise<unknown>;
      requested.push(name);
      beforeGrant();
      held = true;
      try {
        return await callback();
      } finally {
        held = false;
      }
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { requested, isHeld: () => held };
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

    const response = await http.get('/api/vendor/me');

    expect(response.status).toBe(200);
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
    expect(server.callsTo('/api/vendor/me').map((call) => call.authorization)).toEqual(['Bearer expired', 'Bearer other-tab-access']);
    expect(storedSession()).toMatchObject({ accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
    expect(onExpired).not.toHaveBeenCalled();
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
