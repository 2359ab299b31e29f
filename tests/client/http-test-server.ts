import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, vi } from 'vitest';

/** One request as the fake server saw it. */
export interface FakeCall {
  method: string;
  url: string;
  authorization: string | null;
  /** The Refresh-Retry-Key header, or null. */
  retryKey: string | null;
  body: unknown;
}

/** What a route answers: a status and body (optionally after a delay), or a network failure. */
export type FakeReply = { status: number; body?: unknown; delayMs?: number } | 'network-error';

type Handler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * A reply held until `release()`: the test sees the page while the request is on its way (a
 * "Sending…" button), however busy the machine, and then lets the answer arrive. A reply after a
 * fixed delay could arrive before a loaded machine drew the waiting state.
 */
export function heldReply(reply: FakeReply): { handler: () => Promise<FakeReply>; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: async () => {
      await released;
      return reply;
    },
    release,
  };
}

/**
 * An in-memory API behind an axios adapter. By default every path answers 200 when the bearer
 * is the current access token and 401 otherwise; `/jwt/refresh-token` rotates the pair (after a
 * short delay, so parallel 401s really wait) when given the current refresh token.
 */
export function createFakeServer(initial: { accessToken: string | null; refreshToken: string | null }) {
  const state = { ...initial, rotations: 0 };
  const calls: FakeCall[] = [];
  const thrown: AxiosError[] = [];
  const routes = new Map<string, Handler>();

  const defaultHandler: Handler = (call) =>
    state.accessToken !== null && call.authorization === `Bearer ${state.accessToken}`
      ? { status: 200, body: { path: call.url } }
      : { status: 401, body: { title: 'Unauthorized' } };

  routes.set('/jwt/refresh-token', (call) => {
    const given = (call.body as { refreshToken?: string } | undefined)?.refreshToken;
    if (!given || given !== state.refreshToken) return { status: 401, body: { title: 'Unauthorized' } };
    state.rotations += 1;
    state.accessToken = `access-${state.rotations}`;
    state.refreshToken = `refresh-${state.rotations}`;
    return { status: 200, delayMs: 10, body: { data: { accessToken: state.accessToken, refreshToken: state.refreshToken } } };
  });

  /** Records a call and gets its route's reply, after the reply's delay: the same for axios and fetch. */
  const answer = async (call: FakeCall): Promise<FakeReply> => {
    calls.push(call);
    const reply = await (routes.get(call.url) ?? defaultHandler)(call);
    if (reply !== 'network-error' && reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    return reply;
  };

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: FakeCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: readAuthorization(config),
      retryKey: readHeader(config, 'Refresh-Retry-Key'),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    const reply = await answer(call);
    if (reply === 'network-error') {
      const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      thrown.push(error);
      throw error;
    }
    const response: AxiosResponse = { data: reply.body, status: reply.status, statusText: String(reply.status), headers: {}, config, request: {} };
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      const error = new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
      thrown.push(error);
      throw error;
    }
    return response;
  };

  /** The same routes behind `fetch` (the sign-out's keepalive request goes through it, not axios). */
  const fetchThroughRoutes = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const call: FakeCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url,
      authorization: headers.get('Authorization'),
      retryKey: headers.get('Refresh-Retry-Key'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    fetchInits.push(init);
    const reply = await answer(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, { status: reply.status });
  };
  const fetchInits: RequestInit[] = [];

  return {
    adapter,
    fetch: fetchThroughRoutes,
    /** The options of every request sent through `fetch`, in order. */
    fetchInits,
    calls,
    /** Errors the adapter rejected with, in order (to check they reach the caller unchanged). */
    thrown,
    state,
    /** Replaces the answer of one path. */
    on(path: string, handler: Handler) {
      routes.set(path, handler);
    },
    /** The current answer of one path (to wrap it). */
    routeHandler(path: string): Handler {
      return routes.get(path) ?? defaultHandler;
    },
    /** Calls to one path. */
    callsTo(path: string) {
      return calls.filter((call) => call.url === path);
    },
  };
}

/** The Authorization header of a request, or null. */
export function readAuthorization(config: InternalAxiosRequestConfig): string | null {
  return readHeader(config, 'Authorization');
}

function readHeader(config: InternalAxiosRequestConfig, name: string): string | null {
  const value = AxiosHeaders.from(config.headers).get(name);
  return typeof value === 'string' ? value : null;
}

/** Settles with `promise`, or rejects when it has not settled within `ms`. */
export function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Fresh copies of the HTTP layer (no refresh left in flight from another test), a fake server
 * behind both the instance and bare axios, and the given tokens in storage.
 */
export async function loadHttpLayer(tokens: { accessToken: string | null; refreshToken: string | null }, options: { defaultExpiryHandler?: boolean } = {}) {
  vi.resetModules();
  localStorage.clear();
  if (tokens.accessToken) localStorage.setItem('vendorAccessToken', tokens.accessToken);
  if (tokens.refreshToken) localStorage.setItem('vendorRefreshToken', tokens.refreshToken);
  localStorage.setItem('vendorData', JSON.stringify({ id: 'v1' }));

  const { default: axios } = await import('axios');
  const api = await import('../../client/src/lib/api/http');
  const { signOut } = await import('../../client/src/lib/api/sign-out');
  const server = createFakeServer(tokens);
  const originalAdapter = axios.defaults.adapter;
  api.http.defaults.adapter = server.adapter;
  axios.defaults.adapter = server.adapter;
  const originalFetch = globalThis.fetch;
  globalThis.fetch = server.fetch as typeof fetch;
  restorers.push(() => {
    axios.defaults.adapter = originalAdapter;
    globalThis.fetch = originalFetch;
  });
  const onExpired = vi.fn();
  if (!options.defaultExpiryHandler) api.setOnSessionExpired(onExpired);
  return { http: api.http, setOnSessionExpired: api.setOnSessionExpired, signOut, server, onExpired };
}

/** What the session keys hold now. */
export function storedSession() {
  return {
    accessToken: localStorage.getItem('vendorAccessToken'),
    refreshToken: localStorage.getItem('vendorRefreshToken'),
    vendorData: localStorage.getItem('vendorData'),
  };
}

const restorers: Array<() => void> = [];

afterEach(() => {
  while (restorers.length) restorers.pop()?.();
  localStorage.clear();
});
