import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { readTokens } from '../session/session';
import { isAuthEndpoint } from './auth-endpoints';
import { refreshSession } from './refresh-session';

export { setOnSessionExpired } from './session-expired';

type ReplayableConfig = InternalAxiosRequestConfig & { replayedAfter401?: boolean };

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
  if (!stored || sent === stored) {
    try {
      await refreshSession();
    } catch {
      throw error;
    }
  }
  // Either this refresh or an earlier one (maybe another tab's) replaced the token the request
  // used; the request interceptor puts the stored one on the replay.
  return http.request({ ...config, replayedAfter401: true } as ReplayableConfig);
});

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = AxiosHeaders.from(config.headers).get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
