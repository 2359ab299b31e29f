import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../../server/core/mail/mail';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, uniqueEmail } from '../../support/api/http';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The test clock over HTTP with the app's own mail job: on SQLite the embedded runner, on PostgreSQL pg-boss, as in production. */
describe.each(TEST_DATABASES)('POST /dev/clock with mail jobs on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, jobRunner: kind === 'postgres' ? 'pg-boss' : 'table' });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Queues a mail (the `mail.send` job every mail is) to go out `inMs` from now on the server clock. */
  const mailLater = (to: string, subject: string, inMs: number) => {
    const mail: Mail = { to, subject, text: subject, html: `<p>${subject}</p>` };
    return ctx.database.writeTransaction((trx) => ctx.jobs.enqueue(trx, { name: 'mail.send', payload: mail, runAt: ctx.clock.now() + inMs }));
  };

  /** The subjects in the development outbox for `to`, newest first, as a browser test reads them. */
  const outbox = async (to: string) => {
    const res = await agent(ctx).get('/dev/outbox.json').query({ to });
    expect(res.status).toBe(200);
    return (res.body as { data: { subject: string }[] }).data.map((mail) => mail.subject);
  };

  it('when the clock moves past a mail’s time, then the answer comes once the mail is in the outbox, and a later mail waits', async () => {
    const to = uniqueEmail('clock');
    await mailLater(to, 'Your event is tomorrow', DAY_MS);
    await mailLater(to, 'How was your event?', 3 * DAY_MS);
    expect(await outbox(to)).toEqual([]);

    const moved = await agent(ctx).post('/dev/clock').send({ advanceDays: 2 });

    expect(moved.status).toBe(200);
    expect(await outbox(to)).toEqual(['Your event is tomorrow']);
    expect((await agent(ctx).post('/dev/clock').send({ advanceDays: 1 })).status).toBe(200);
    expect(await outbox(to)).toEqual(['How was your event?', 'Your event is tomorrow']);
  });
});
