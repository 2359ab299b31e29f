import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/time/durations';
import { createJobRunnerFor, type RunnerKit } from './support';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the job runner on pg-boss', () => {
  const kits: RunnerKit[] = [];
  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
  });

  async function kit(runners = 1): Promise<RunnerKit> {
    const made = await createJobRunnerFor('postgres', { runners });
    kits.push(made);
    return made;
  }

  it('when every instance is told its test clock moved, then the shared jobs move once: a job 45 days off is not due after 31, and is after 46', async () => {
    const { database, runners, clock, advance } = await kit(2);
    const ran: string[] = [];
    for (const runner of runners) {
      runner.define<string>({ name: 'later', handler: async (payload) => void ran.push(payload) });
      await runner.start();
    }
    await database.writeTransaction((trx) => runners[0]!.enqueue(trx, { name: 'later', payload: 'in 45 days', runAt: clock.now() + 45 * DAY_MS }));

    // Each of the two runners is told of the move (the kit tells every runner, as each instance's /dev/clock would).
    await advance(31 * DAY_MS);
    expect(ran).toEqual([]);
    // An instance told again of an offset already reached moves nothing.
    await runners[1]!.clockAdvanced(clock.offset());
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran).toEqual([]);

    await advance(15 * DAY_MS);
    expect(ran).toEqual(['in 45 days']);
  });

  it('when a job with the same dedupe key is running, then enqueuing it again adds nothing', async () => {
    const {
      database,
      runners: [runner],
      runDue,
    } = await kit();
    let release: () => void = () => {};
    const started: string[] = [];
    runner!.define<string>({
      name: 'sync',
      handler: async (payload) => {
        started.push(payload);
        if (payload === 'first') await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await runner!.start();
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'sync', payload: 'first', dedupeKey: 'vendor-1' }));
    await expect.poll(() => started).toEqual(['first']);

    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'sync', payload: 'while running', dedupeKey: 'vendor-1' }));
    release();
    await runDue();

    expect(started).toEqual(['first']);
  });

  it('when a job with the same dedupe key waits to be retried, then enqueuing it again adds nothing', async () => {
    const {
      database,
      runners: [runner],
      runDue,
      advance,
    } = await kit();
    const runs: { payload: string; attempt: number }[] = [];
    runner!.define<string>({
      name: 'sync',
      attempts: 2,
      backoffMs: 60_000,
      handler: async (payload, run) => {
        runs.push({ payload, attempt: run.attempt });
        if (run.attempt === 1) throw new Error('remote said no');
      },
    });
    await runner!.start();
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'sync', payload: 'first', dedupeKey: 'vendor-1' }));
    await runDue();

    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'sync', payload: 'during the backoff', dedupeKey: 'vendor-1' }));
    await advance(61_000);

    expect(runs).toEqual([
      { payload: 'first', attempt: 1 },
      { payload: 'first', attempt: 2 },
    ]);
  });

  it('when two transactions enqueue the same dedupe key at once, then one job runs', async () => {
    const {
      database,
      runners: [runner],
      clock,
      advance,
    } = await kit();
    const seen: string[] = [];
    runner!.define<string>({ name: 'remind', handler: async (payload) => void seen.push(payload) });
    await runner!.start();
    const runAt = clock.now() + 60_000;
    let commitFirst: () => void = () => {};
    let enqueuedFirst: (pid: number) => void = () => {};
    const firstEnqueued = new Promise<number>((resolve) => (enqueuedFirst = resolve));

    const first = database.writeTransaction(async (trx) => {
      await runner!.enqueue(trx, { name: 'remind', payload: 'first', dedupeKey: 'vendor-1', runAt });
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      enqueuedFirst(rows[0]!.pid);
      await new Promise<void>((resolve) => (commitFirst = resolve));
    });
    const firstPid = await firstEnqueued;
    let secondSettled = false;
    const second = database
      .writeTransaction((trx) => runner!.enqueue(trx, { name: 'remind', payload: 'second', dedupeKey: 'vendor-1', runAt }))
      .finally(() => (secondSettled = true));
    // The second is either done (then it saw nothing) or waiting for the first to commit.
    await expect
      .poll(async () => {
        const { rows } = await sql<{
          waiting: number;
        }>`SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND ${firstPid}::int = ANY(pg_blocking_pids(pid))`.execute(database.db);
        return secondSettled || rows[0]?.waiting === 1;
      })
      .toBe(true);
    commitFirst();
    await Promise.all([first, second]);
    await advance(61_000);

    expect(seen).toEqual(['first']);
  });

  it('when the clock was moved before a job is enqueued, then its time counts on the moved clock', async () => {
    const {
      database,
      runners: [runner],
      clock,
      runDue,
      advance,
    } = await kit();
    const seen: string[] = [];
    runner!.define<string>({ name: 'later', handler: async (payload) => void seen.push(payload) });
    await runner!.start();
    await advance(86_400_000);

    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'later', payload: 'in a minute', runAt: clock.now() + 60_000 }));
    await runDue();
    expect(seen).toEqual([]);
    await advance(61_000);

    expect(seen).toEqual(['in a minute']);
  });

  it('when a failure is permanent, then no retry runs however far the clock moves', async () => {
    const {
      database,
      runners: [runner],
      logger,
      runDue,
      advance,
    } = await kit();
    let calls = 0;
    runner!.define({
      name: 'refused',
      attempts: 5,
      backoffMs: 1_000,
      isPermanent: () => true,
      handler: async () => {
        calls += 1;
        throw new Error('550 no such mailbox');
      },
    });
    await runner!.start();
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'refused', payload: null }));
    await runDue();
    await advance(7 * 86_400_000);

    expect(calls).toBe(1);
    expect(logger.lines.filter((line) => line.message === 'job dead').map((line) => line.fields?.reason)).toEqual(['permanent failure']);
  });
});
