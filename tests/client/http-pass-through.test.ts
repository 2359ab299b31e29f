import { isAxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { loadHttpLayer, storedSession } from './http-test-server';

const AUTH_ENDPOINTS = [
  '/api/login',
  '/api/login/google',
  '/api/register',
  '/api/register-with-token',
  '/jwt/refresh-token',
  '/jwt/logout',
  '/api/forgot-password',
  '/api/reset-password',
];

describe('http: bearer header and errors that pass through', () => {
  it('when a token is stored, then every request carries it as a bearer header', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });

    await http.get('/api/vendor/me');
    localStorage.setItem('vendorAccessToken', 'token-2');
    server.state.accessToken = 'token-2';
    await http.get('/api/vendor/me');

    expect(server.calls.map((call) => call.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('when no token is stored, then no Authorization header is sent', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: null, refreshToken: null });
    server.on('/api/config/app', () => ({ status: 200, body: {} }));

    await http.get('/api/config/app');

    expect(server.calls[0]?.authorization).toBeNull();
  });

  it.each([403, 404, 500])('when a request fails with %i, then the same error reaches the caller and nothing is refreshed', async (status) => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/api/quotes', () => ({ status, body: { title: `status ${status}` } }));

    const error: unknown = await http.get('/api/quotes').catch((caught: unknown) => caught);

    expect(error).toBe(server.thrown[0]);
    expect(isAxiosError(error) && error.response?.status).toBe(status);
    expect(isAxiosError(error) && error.response?.data).toEqual({ title: `status ${status}` });
    expect(server.calls).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    expect(storedSession()).toMatchObject({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  });

  it('when a request fails with a network error, then the same error reaches the caller and nothing is refreshed', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/api/quotes', () => 'network-error');

    const error: unknown = await http.get('/api/quotes').catch((caught: unknown) => caught);

    expect(error).toBe(server.thrown[0]);
    expect(isAxiosError(error) && error.code).toBe('ERR_NETWORK');
    expect(server.calls).toHaveLength(1);
  });

  it.each(AUTH_ENDPOINTS)('when %s answers 401 through the instance, then the 401 passes through untouched', async (path) => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on(path, () => ({ status: 401, body: { title: 'Wrong email or password' } }));

    const error: unknown = await http.post(path, {}).catch((caught: unknown) => caught);

    expect(error).toBe(server.thrown[0]);
    expect(isAxiosError(error) && error.response?.status).toBe(401);
    expect(server.calls.map((call) => call.url)).toEqual([path]);
    expect(onExpired).not.toHaveBeenCalled();
    expect(storedSession()).toMatchObject({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  });

  it('when the login URL has a query string or trailing slash, then it is still not intercepted', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
    server.on('/api/login?next=%2Fquotes', () => ({ status: 401 }));
    server.on('/api/login/', () => ({ status: 401 }));

    await expect(http.post('/api/login?next=%2Fquotes', {})).rejects.toMatchObject({ response: { status: 401 } });
    await expect(http.post('/api/login/', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
  });
});
