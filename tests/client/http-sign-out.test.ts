import { describe, expect, it, vi } from 'vitest';
import { loadHttpLayer, storedSession } from './http-test-server';

describe('signOut and the session-expired default', () => {
  it('when signing out, then the refresh token is sent to /jwt/logout and the session is cleared', async () => {
    const { signOut, server } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/jwt/logout', () => ({ status: 204 }));

    await signOut();

    expect(server.callsTo('/jwt/logout')).toEqual([expect.objectContaining({ method: 'POST', body: { refreshToken: 'refresh-1' } })]);
    expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, vendorData: null });
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
