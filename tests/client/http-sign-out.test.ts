import { describe, expect, it, vi } from 'vitest';
import { loadHttpLayer, storedSession, within } from './http-test-server';

describe('signOut and the session-expired default', () => {
  it('when signing out, then the refresh token is sent to /jwt/logout in a request that outlives the page, and the session is cleared', async () => {
    const { signOut, server } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/jwt/logout', () => ({ status: 204 }));

    await signOut();

    expect(server.callsTo('/jwt/logout')).toEqual([expect.objectContaining({ method: 'POST', body: { refreshToken: 'refresh-1' } })]);
    expect(server.fetchInits).toEqual([expect.objectContaining({ keepalive: true })]);
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, vendorData: null });
  });

  it('when the logout call has not answered yet, then the session is already cleared and signOut has resolved (a reload now finds no session)', async () => {
    const { signOut, server } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    let answer: (reply: { status: number }) => void = () => {};
    server.on('/jwt/logout', () => new Promise((resolve) => (answer = resolve)));

    await expect(within(1_000, signOut())).resolves.toBeUndefined();

    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, vendorData: null });
    expect(server.callsTo('/jwt/logout')).toHaveLength(1);
    answer({ status: 204 });
  });

  it('when the vendor signs out while a refresh is on its way, then its answer does not bring the session back and nothing says it expired', async () => {
    const { http, signOut, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    const rotate = server.routeHandler('/jwt/refresh-token');
    let refreshReached: () => void = () => {};
    const reached = new Promise<void>((resolve) => (refreshReached = resolve));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.on('/jwt/refresh-token', async (call) => {
      refreshReached();
      await released;
      return rotate(call);
    });
    server.on('/jwt/logout', () => ({ status: 204 }));

    const request = http.get('/api/vendor/me');
    await reached;
    await signOut();
    release();

    await expect(request).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.state.rotations).toBe(1);
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, vendorData: null });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it.each([
    ['a 401', () => ({ status: 401 })],
    ['a 500', () => ({ status: 500 })],
    ['a network error', () => 'network-error' as const],
  ])('when the logout call fails with %s, then the session is cleared anyway and nothing is refreshed', async (_name, reply) => {
    const { signOut, server, onExpired } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/jwt/logout', reply);

    await expect(signOut()).resolves.toBeUndefined();

    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, vendorData: null });
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('when no handler was set and the refresh fails, then the browser goes to the login page "/"', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' }, { defaultExpiryHandler: true });
    server.state.accessToken = 'not-yet-issued';
    server.on('/jwt/refresh-token', () => ({ status: 401 }));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});

    await expect(http.get('/api/vendor/me')).rejects.toMatchObject({ response: { status: 401 } });

    expect(assign).toHaveBeenCalledExactlyOnceWith('/');
    assign.mockRestore();
  });
});
