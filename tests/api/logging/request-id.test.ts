import { EventEmitter } from 'node:events';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { loggablePath } from '../../../server/core/http/access-log';
import { createLogger, type Level } from '../../../server/core/logger';
import { runInRequest } from '../../../server/core/request-context';
import { createTestContext, type TestContext } from '../../support/api/test-app';

let ctx: TestContext | undefined;

afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids (docs/operators.md)', () => {
  it('when any request is answered (a fast path, an Express route, a 404, a refused body), then it carries a new X-Request-Id each time', async () => {
    ctx = await createTestContext();
    const answers = await Promise.all([
      request(ctx.app).get('/api/config/app'),
      request(ctx.app).get('/api/config/app'),
      request(ctx.app).get('/healthz'),
      request(ctx.app).get('/api/nowhere'),
      request(ctx.app).post('/api/login').set('Content-Type', 'application/json').send('{not json'),
    ]);

    const ids = answers.map((answer) => answer.headers['x-request-id'] as string);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 400]);
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when a proxy in front passes an X-Request-Id, then it is kept; one that could forge a log entry or is too short is replaced', async () => {
    ctx = await createTestContext();

    const kept = await request(ctx.app).get('/healthz').set('X-Request-Id', 'nginx-4f2a9c1d7e');
    const tooShort = await request(ctx.app).get('/healthz').set('X-Request-Id', 'abc');
    const spaced = await request(ctx.app).get('/healthz').set('X-Request-Id', 'abcdefgh "level":"error"');

    expect(kept.headers['x-request-id']).toBe('nginx-4f2a9c1d7e');
    expect(tooShort.headers['x-request-id']).toMatch(UUID);
    expect(spaced.headers['x-request-id']).toMatch(UUID);
  });

  it('when the access log is on, then each request leaves one line with method, path, status and duration, its tokens and query left out', async () => {
    ctx = await createTestContext({ accessLog: true });
    const token = 'x'.repeat(64);

    await request(ctx.app).get(`/api/customer/requests/${token}?email=someone@example.com`);
    await request(ctx.app).get('/api/config/app');

    const lines = ctx.logger.lines.filter((line) => line.message === 'request').map((line) => line.fields);
    expect(lines).toEqual([
      { method: 'GET', path: '/api/customer/requests/:token', status: expect.any(Number), durationMs: expect.any(Number) },
      { method: 'GET', path: '/api/config/app', status: 200, durationMs: expect.any(Number) },
    ]);
    expect(JSON.stringify(ctx.logger.lines)).not.toContain(token);
    expect(JSON.stringify(ctx.logger.lines)).not.toContain('someone@example.com');
  });

  it('when the access log is off (the default outside production), then requests leave no line of their own', async () => {
    ctx = await createTestContext();

    await request(ctx.app).get('/api/config/app');

    expect(ctx.logger.lines.filter((line) => line.message === 'request')).toEqual([]);
  });
});

describe('the logger', () => {
  it('when a line is written while a request is handled, after awaits and in an event listener it set off, then it carries the request id; outside, none', async () => {
    const printed: { level: Level; line: Record<string, unknown> }[] = [];
    const logger = createLogger('test', (level, line) => printed.push({ level, line: JSON.parse(line) as Record<string, unknown> }));
    const events = new EventEmitter();
    events.on('saved', () => logger.warn('listener ran'));

    await runInRequest('req-0001-abcd', async () => {
      logger.info('before await');
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.emit('saved');
    });
    logger.error('after the request');

    expect(printed.map(({ level, line }) => [level, line.message, line.requestId])).toEqual([
      ['info', 'before await', 'req-0001-abcd'],
      ['warn', 'listener ran', 'req-0001-abcd'],
      ['error', 'after the request', undefined],
    ]);
    expect(printed[0]!.line).toMatchObject({ level: 'info', name: 'test', time: expect.any(String) });
  });

  it('when a path holds a signed link, then the loggable path replaces it and drops the query', () => {
    expect(loggablePath('/api/quotes/7f3e2a10-0a8b-4c4f-9d3e-1b2c3d4e5f60')).toBe('/api/quotes/7f3e2a10-0a8b-4c4f-9d3e-1b2c3d4e5f60');
    expect(loggablePath(`/r/${'a'.repeat(41)}/messages?token=secret`)).toBe('/r/:token/messages');
    expect(loggablePath(undefined)).toBe('/');
  });
});
