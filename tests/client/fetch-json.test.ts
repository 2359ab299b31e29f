import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, RequestError } from '../../client/src/lib/api/fetch-json';
import { requestErrors } from '../../client/src/lib/forms/problem-errors';

function serve(answer: () => Promise<Response>): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchJson and requestErrors (the sign-in page, without axios)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when a POST is answered 200, then its JSON body comes back and the request sent JSON', async () => {
    const fetchMock = serve(async () => Response.json({ data: { ok: true } }));

    await expect(fetchJson('POST', '/api/login', { email: 'a@example.com' })).resolves.toEqual({ data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"email":"a@example.com"}',
    });
  });

  it('when the sign-in is refused with a problem+json 401, then the error carries the checked problem and its field errors are placed', async () => {
    const problem = {
      type: '/problems/invalid-credentials',
      title: 'Invalid credentials',
      status: 401,
      detail: 'Wrong email or password.',
      code: 'invalid-credentials',
    };
    serve(async () => Response.json(problem, { status: 401 }));

    const error: unknown = await fetchJson('POST', '/api/login', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 401, problem, message: 'Request failed with status code 401' });
    expect(requestErrors(error, ['email', 'password'])).toEqual({ fields: [], message: 'Wrong email or password.' });
  });

  it('when a 400 names a field, then requestErrors puts it on that field', async () => {
    const problem = { type: '/problems/validation-failed', title: 'Invalid input', status: 400, errors: [{ path: 'email', message: 'Invalid email address' }] };
    serve(async () => Response.json(problem, { status: 400 }));

    const error: unknown = await fetchJson('POST', '/api/login', {}).catch((caught: unknown) => caught);

    expect(requestErrors(error, ['email', 'password'])).toEqual({ fields: [{ path: 'email', message: 'Invalid email address' }], message: null });
  });

  it('when no answer comes, then the error has no status and the form says the server could not be reached', async () => {
    serve(async () => {
      throw new TypeError('Failed to fetch');
    });

    const error: unknown = await fetchJson('GET', '/api/config/app').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: null, problem: null, message: 'Network Error' });
    expect(requestErrors(error).message).toBe('We could not reach the server. Check your connection and try again.');
  });

  it('when a proxy answers 502 with an HTML page, then there is no problem and the form says something went wrong', async () => {
    serve(async () => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error: unknown = await fetchJson('GET', '/api/config/app').catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 502, problem: null });
    expect(requestErrors(error).message).toBe('Something went wrong. Please try again.');
  });
});
