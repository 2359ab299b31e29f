import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { readTokens } from '../session/session';
import { isAuthEndpoint } from './auth-endpoints';
import { refreshSession } from './refresh-session';

export { setOnSessionExpired } from './session-expired';

/** How a request has been replayed after a 401: with a token another tab stored, and after this tab's own refresh (each at most once). */
type ReplayableConfig = InternalAxiosRequestConfig & { replayedWithStored?: boolean; replayedAfter401?: boolean };

/** The one axios instance: same-origin API, bearer token from storage on every call, refresh once on 401. */
export const http = axios.create({ headers: { Accept: 'application/json' } });

http.interceptors.request.use((request) => {
  const { accessToken } = readTokens();
  if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
  return request;
});

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config as ReplayableConfig;
  if (config.replayedAfter401 || isAuthEndpoint(config.url)) throw error;

  const sent = bearerOf(config);
  const { accessToken: stored } = readTokens();
  if (stored && sent !== stored && !config.replayedWithStored) {
    // Another tab (or an earlier refresh here) replaced the token this request used: the stored
    // one is tried first. It may have expired on the way too (a tab left open, a slow answer):
    // refused again, the request comes back here with it, and this tab refreshes.
    return http.request({ ...config, replayedWithStored: true } as ReplayableConfig);
  }
  // The token is this tab's to renew (or, after one replay with another tab's, still refused):
  // refresh, under the cross-tab lock that hands over a pair another tab got meanwhile.
  try {
    await refreshSession();
  } catch {
    throw error;
  }
  // The request interceptor puts the stored (new) token on the replay.
  return http.request({ ...config, replayedAfter401: true } as ReplayableConfig);
});

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
