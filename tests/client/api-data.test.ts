import { isAxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { savedFormResponseSchema } from '../../shared/contracts/form';
import { teamSchema } from '../../shared/contracts/team';
import { loadHttpLayer } from './http-test-server';

/** The HTTP layer with a fake server, and the data helpers on top of that very instance. */
async function loadDataLayer() {
  const layer = await loadHttpLayer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  const { getData, getEnvelope } = await import('../../client/src/lib/api/get-data');
  const { sendData } = await import('../../client/src/lib/api/send-data');
  const { ResponseShapeError } = await import('../../client/src/lib/api/response-shape-error');
  const { serverErrors } = await import('../../client/src/lib/forms/server-errors');
  return { ...layer, getData, getEnvelope, sendData, ResponseShapeError, serverErrors };
}

const TEAM = {
  members: [{ id: 'u1', email: 'owner@example.com', role: 'admin', created_at: 1_700_000_000_000 }],
  invitations: [],
};

describe('getData, getEnvelope, sendData', () => {
  it('when the answer fits the schema, then getData resolves with its data', async () => {
    const { server, getData } = await loadDataLayer();
    server.on('/api/team', () => ({ status: 200, body: { data: TEAM } }));

    await expect(getData(teamSchema, '/api/team')).resolves.toEqual(TEAM);
  });

  it('when the answer has another shape, then the caller gets an error naming the request and the mismatch', async () => {
    const { server, getData, ResponseShapeError } = await loadDataLayer();
    server.on('/api/team', () => ({ status: 200, body: { data: { members: 'nobody' } } }));

    const error: unknown = await getData(teamSchema, '/api/team').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(/^GET \/api\/team answered with an unexpected shape: data\.members: .+; data\.invitations: /);
  });

  it('when the answer has no { data } envelope, then that is a shape error too, not undefined data', async () => {
    const { server, getData, ResponseShapeError } = await loadDataLayer();
    server.on('/api/team', () => ({ status: 200, body: TEAM }));

    await expect(getData(teamSchema, '/api/team')).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('when an endpoint answers metadata beside data (GET /api/vendor/forms/:formId), then getEnvelope returns both, checked', async () => {
    const { server, getEnvelope, ResponseShapeError } = await loadDataLayer();
    const saved = {
      data: { head_count: 40 },
      version: 2,
      formVersion: 3,
      status: 'needs-review',
      errors: [{ path: 'head_count', message: 'Must be at most 30' }],
    };
    server.on('/api/vendor/forms/update-catering-settings', () => ({ status: 200, body: saved }));
    server.on('/api/vendor/forms/broken', () => ({ status: 200, body: { ...saved, status: 'archived' } }));

    await expect(getEnvelope(savedFormResponseSchema, '/api/vendor/forms/update-catering-settings')).resolves.toEqual(saved);
    await expect(getEnvelope(savedFormResponseSchema, '/api/vendor/forms/broken')).rejects.toThrow(ResponseShapeError);
  });

  it('when a write is refused with a problem+json 400, then the same axios error reaches the form and its field errors are placed', async () => {
    const { server, sendData, serverErrors } = await loadDataLayer();
    const problem = {
      type: '/problems/validation-failed',
      title: 'Invalid input',
      status: 400,
      detail: 'Check the highlighted fields.',
      code: 'validation-failed',
      errors: [{ path: 'email', message: 'Invalid email address' }],
    };
    server.on('/api/team/invitations', () => ({ status: 400, body: problem }));

    const error: unknown = await sendData('post', z.object({ id: z.string() }), '/api/team/invitations', { email: 'nope' }).catch((caught: unknown) => caught);

    expect(error).toBe(server.thrown[0]);
    expect(isAxiosError(error) && error.response?.data).toEqual(problem);
    expect(serverErrors(error, ['email'])).toEqual({ fields: [{ path: 'email', message: 'Invalid email address' }], message: null });
  });

  it('when a write answers 204, then sendData with no schema resolves and sends the method, body and bearer token', async () => {
    const { server, sendData } = await loadDataLayer();
    server.on('/api/account', () => ({ status: 204 }));

    await expect(sendData('delete', null, '/api/account', { password: 'pw', confirmation: 'Acme' })).resolves.toBeUndefined();
    expect(server.callsTo('/api/account')).toEqual([
      { method: 'DELETE', url: '/api/account', authorization: 'Bearer token-1', retryKey: null, body: { password: 'pw', confirmation: 'Acme' } },
    ]);
  });

  it('when the token has expired, then getData refreshes it once and still resolves with the data', async () => {
    const { server, getData } = await loadDataLayer();
    server.state.accessToken = 'rotated-elsewhere';
    const answer = server.routeHandler('/api/team');
    server.on('/api/team', (call) => {
      const reply = answer(call);
      return reply !== 'network-error' && 'status' in reply && reply.status === 200 ? { status: 200, body: { data: TEAM } } : reply;
    });

    await expect(getData(teamSchema, '/api/team')).resolves.toEqual(TEAM);
    expect(server.callsTo('/jwt/refresh-token')).toHaveLength(1);
  });
});
