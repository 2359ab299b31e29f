import { isAxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { loadHttpLayer, storedSession, within } from './http-test-server';

const PATHS = ['/api/a', '/api/b', '/api/c', '/api/d', '/api/e'];

describe('http: refresh once on 401', () => {
  it('when 5 parallel requests get 401, then one refresh runs and each request is replayed once with the new token', async () => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';

    const responses = await Promise.all(PATHS.map((path) => http.get(path)));

    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.map((response) => (response.data as { path: string }).path)).toEqual(PATHS);
    expect(server.callsTo('/jwt/refresh-token')).toEqual([expect.objectContaining({ method: 'POST', body: { refreshToken: 'refresh-0' } })]);
    for (const path of PATHS) {
      expect(server.callsTo(path).map((call) => call.authorization)).toEqual(['Bearer expired', 'Bearer access-1']);
    }
    expect(storedSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('when a POST with a body is replayed, then the server gets the same method and body again', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';

    await http.post('/api/quotes', { amount: 12 });

    expect(server.callsTo('/api/quotes').map(({ method, body, authorization }) => ({ method, body, authorization }))).toEqual([
      { method: 'POST', body: { amount: 12 }, authorization: 'Bearer expired' },
      { method: 'POST', body: { amount: 12 }, authorization: 'Bearer access-1' },
    ]);
  });

  it.each([
    ['401', () => ({ status: 401, body: { title: 'Unauthorized' } })],
    ['a malformed answer', () => ({ status: 200, body: { data: { accessToken: 42 } } })],
  ])(
    'when the refresh fails with %s, then every waiting request rejects within a second, the session is cleared and the expiry handler runs once',
    async (_name, reply) => {
      const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
      server.state.accessToken = 'not-yet-issued';
      server.on('/jwt/refresh-token', async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return reply();
      });

      const results = await within(1000, Promise.allSettled(PATHS.map((path) => http.get(path))));

      for (const result of results) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason as unknown;
        expect(isAxiosError(reason) && reason.response?.status).toBe(401);
      }
      expect(server.callsTo('/jwt/refresh-token')).toHaveLength(1);
      for (const path of PATHS) expect(server.callsTo(path)).toHaveLength(1);
      expect(storedSession()).toEqual({ accessToken: null, refreshToken: null, vendorData: null });
      expect(onExpired).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    ['500', () => ({ status: 500, body: { title: 'Internal Server Error' } })],
    ['502 (a deploy)', () => ({ status: 502, body: { title: 'Bad Gateway' } })],
    ['429', () => ({ status: 429, body: { title: 'Too Many Requests' } })],
    ['a network error', () => 'network-error' as const],
  ])(
    'when the refresh gets %s, then the waiting requests reject but the session is kept, and once the server answers again the next 401 refreshes it',
    async (_name, reply) => {
      const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
      server.state.accessToken = 'not-yet-issued';
      let down = true;
      const rotate = server.routeHandler('/jwt/refresh-token');
      server.on('/jwt/refresh-token', (call) => (down ? reply() : rotate(call)));

      const results = await within(1000, Promise.allSettled(PATHS.map((path) => http.get(path))));

      expect(results.map((result) => result.status)).toEqual(PATHS.map(() => 'rejected'));
      expect(storedSession()).toMatchObject({ accessToken: 'expired', refreshToken: 'refresh-0' });
      expect(onExpired).not.toHaveBeenCalled();

      down = false;
      await http.get('/api/a');
      expect(storedSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
      expect(onExpired).not.toHaveBeenCalled();
    },
  );

  it('when a replay gets 401 again, then it is not retried and rejects with that 401', async () => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    server.on('/api/always-401', () => ({ status: 401, body: { title: 'Still unauthorized' } }));

    const error: unknown = await http.get('/api/always-401').catch((caught: unknown) => caught);

    expect(isAxiosError(error) && error.response?.status).toBe(401);
    expect(isAxiosError(error) && error.response?.data).toEqual({ title: 'Still unauthorized' });
    expect(server.callsTo('/api/always-401').map((call) => call.authorization)).toEqual(['Bearer expired', 'Bearer access-1']);
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(1);
    expect(onExpired).not.toHaveBeenCalled();
    expect(storedSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('when a request got 401 with a token that has since been replaced, then it is replayed with the stored token without a refresh', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'old', refreshToken: 'refresh-old' });
    server.state.accessToken = 'fresh';
    server.on('/api/slow', (call) => {
      if (call.authorization === 'Bearer fresh') return { status: 200, body: { ok: true } };
      // Another tab rotated the tokens while this request was on the wire.
      localStorage.setItem('vendorAccessToken', 'fresh');
      localStorage.setItem('vendorRefreshToken', 'refresh-fresh');
      return { status: 401 };
    });

    const response = await http.get('/api/slow');

    expect(response.data).toEqual({ ok: true });
    expect(server.callsTo('/api/slow').map((call) => call.authorization)).toEqual(['Bearer old', 'Bearer fresh']);
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
  });

  it("when the stored token a request is replayed with has expired on the way too, then this tab refreshes and the request succeeds (the page is not left saying 'sign in')", async () => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: 'old', refreshToken: 'refresh-old' });
    // What the server takes: neither the request's token nor the one another tab stored, both expired.
    server.state.accessToken = 'not-yet-issued';
    server.state.refreshToken = 'refresh-fresh';
    server.on('/api/slow', (call) => {
      if (call.authorization === 'Bearer access-1') return { status: 200, body: { ok: true } };
      if (call.authorization === 'Bearer old') {
        // Another tab rotated the tokens while this request was on the wire; its access token then expired too.
        localStorage.setItem('vendorAccessToken', 'fresh-but-expired');
        localStorage.setItem('vendorRefreshToken', 'refresh-fresh');
      }
      return { status: 401 };
    });

    const response = await http.get('/api/slow');

    expect(response.data).toEqual({ ok: true });
    expect(server.callsTo('/api/slow').map((call) => call.authorization)).toEqual(['Bearer old', 'Bearer fresh-but-expired', 'Bearer access-1']);
    expect(server.callsTo('/jwt/refresh-token').map((call) => call.body)).toEqual([{ refreshToken: 'refresh-fresh' }]);
    expect(storedSession()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('when the new access token expires later too, then the next 401 refreshes again with the rotated refresh token', async () => {
    const { http, server } = await loadHttpLayer({ accessToken: 'expired', refreshToken: 'refresh-0' });
    server.state.accessToken = 'not-yet-issued';
    await http.get('/api/first');
    server.state.accessToken = 'expired-again';

    await http.get('/api/second');

    expect(server.callsTo('/jwt/refresh-token').map((call) => call.body)).toEqual([{ refreshToken: 'refresh-0' }, { refreshToken: 'refresh-1' }]);
    expect(storedSession()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('when nobody is signed in and a request gets 401, then the 401 passes through without a refresh or a redirect', async () => {
    const { http, server, onExpired } = await loadHttpLayer({ accessToken: null, refreshToken: null });

    const error: unknown = await http.get('/api/vendor/me').catch((caught: unknown) => caught);

    expect(error).toBe(server.thrown[0]);
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(0);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
