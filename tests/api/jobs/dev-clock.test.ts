import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem } from '../../support/api/http';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the test clock (/dev/clock)', () => {
  let ctx: TestContext;
  const ran: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.jobs.define<string>({
      name: 'test.note',
      handler: async (note) => {
        // Slow enough that an answer sent before the job finished would miss it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        ran.push(note);
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const note = (text: string, inMs: number) =>
    ctx.database.writeTransaction((trx) => ctx.jobs.enqueue(trx, { name: 'test.note', payload: text, runAt: ctx.clock.now() + inMs }));

  it('when the clock is read, then it answers the server time in epoch ms', async () => {
    const res = await agent(ctx).get('/dev/clock');
    expect(res.status).toBe(200);
    expect(Math.abs((res.body as { now: number }).now - ctx.clock.now())).toBeLessThan(1_000);
  });

  it('when the clock moves forward, then it answers only after every job due by then has run, and later ones wait', async () => {
    await note('tomorrow', DAY_MS);
    await note('in three days', 3 * DAY_MS);
    const before = ctx.clock.now();

    const res = await agent(ctx).post('/dev/clock').send({ advanceDays: 2 });

    expect(res.status).toBe(200);
    expect((res.body as { now: number }).now - before).toBeGreaterThanOrEqual(2 * DAY_MS);
    expect(ran).toEqual(['tomorrow']);
    await agent(ctx).post('/dev/clock').send({ advanceDays: 1 });
    expect(ran).toEqual(['tomorrow', 'in three days']);
  });

  it('when a move is asked without whole days from 1 to 400, then 400 problem and the clock stays', async () => {
    const before = ctx.clock.now();
    for (const body of [{}, { advanceDays: 0 }, { advanceDays: 401 }, { advanceDays: 1.5 }, { advanceDays: '2' }, { advanceDays: 1, extra: true }]) {
      expectProblem(await agent(ctx).post('/dev/clock').send(body), 400, 'validation-failed');
    }
    expect(ctx.clock.now() - before).toBeLessThan(1_000);
  });

  it('when the clock is asked from another machine, then 404', async () => {
    expectProblem(await agent(ctx).post('/dev/clock').set('X-Forwarded-For', '203.0.113.9').send({ advanceDays: 1 }), 404, 'not-found');
    expectProblem(await agent(ctx).get('/dev/clock').set('X-Forwarded-For', '203.0.113.9'), 404, 'not-found');
  });
});

describe('the test clock in production', () => {
  it('when NODE_ENV=production, then /dev/clock is 404 even from this machine', async () => {
    const ctx = await createTestContext({ production: true });
    try {
      expectProblem(await agent(ctx).post('/dev/clock').send({ advanceDays: 1 }), 404, 'not-found');
    } finally {
      await ctx.close();
    }
  });
});
