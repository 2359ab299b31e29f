import type { Problem } from '../../../../shared/contracts/problem';

/**
 * A request of the fetch path that failed: `status` null when no answer came (offline, refused),
 * else the answer's status, with its problem+json document when it sent one that fits the contract.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number | null,
    readonly problem: Problem | null,
  ) {
    super(status === null ? 'Network Error' : `Request failed with status code ${status}`);
    this.name = 'RequestError';
  }
}

/** A body as axios reads it: JSON when it parses, else the text (a proxy's HTML page); undefined when empty. */
function bodyOf(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The problem+json document of a refused request, checked with its contract; null when it is none. */
async function problemIn(body: unknown): Promise<Problem | null> {
  try {
    // zod comes with the check, only once a request has failed.
    const { checkProblem } = await import('./check-problem');
    return checkProblem(body);
  } catch {
    return null;
  }
}

/**
 * HTTP for what runs before the sign-in page has taken its card over (the config service, the
 * sign-in POSTs, the auth options): `fetch` with JSON in and out, no bearer token and no refresh,
 * as these endpoints are public, so axios (lib/api/http.ts) loads only with the pages that need
 * it. Resolves with the answer's body, unchecked (the caller checks it with its contract); a
 * non-2xx answer or no answer rejects with a RequestError.
 */
export async function fetchJson(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let text: string;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    text = await response.text();
  } catch {
    throw new RequestError(null, null);
  }
  const data = bodyOf(text);
  if (!response.ok) throw new RequestError(response.status, await problemIn(data));
  return data;
}
