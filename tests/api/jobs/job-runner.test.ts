import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/core/db/database';
import { createTableJobRunner } from '../../../server/core/jobs/table-job-runner';
import { eventLoopTurns, waitUntil } from '../../support/wait-until';
import { createJobRunnerFor, jobRunnerKinds, type RunnerKit } from './support';

describe.each(jobRunnerKinds())('the job runner on %s', (kind) => {
  const kits: RunnerKit[] = [];
  afterEach(async () => {
    for (const kit of kits.splice(0)) await kit.close();
  });

  async function kit(options: { runners?: number } = {}): Promise<RunnerKit> {
    const made = await createJobRunnerFor(kind, options);
    kits.push(made);
    return made;
  }

  it('when a job is enqueued in a committed transaction, then it runs once with its payload', async () => {
    const {
      database,
      runners: [runner],
      runDue,
    } = await kit();
    const seen: unknown[] = [];
    runner!.define<{ n: number }>({ name: 'note', handler: async (payload) => void seen.push(payload) });
    await runner!.start();

    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'note', payload: { n: 1 } }));
    await runDue();

    expect(seen).toEqual([{ n: 1 }]);
  });

  it('when the enqueuing transaction rolls back, then the job never runs', async () => {
    const {
      database,
      runners: [runner],
      runDue,
    } = await kit();
    const seen: unknown[] = [];
    runner!.define({ name: 'note', handler: async (payload) => void seen.push(payload) });
    await runner!.start();

    await expect(
      database.writeTransaction(async (trx) => {
        await runner!.enqueue(trx, { name: 'note', payload: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await runDue();

    expect(seen).toEqual([]);
  });

  it('when two runners poll the same jobs, then each of 40 due jobs runs exactly once', async () => {
    const { database, runners, runDue } = await kit({ runners: 2 });
    const runs = new Map<number, number>();
    for (const runner of runners) {
      runner.define<number>({
        name: 'count',
        handler: async (n) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
    }
    await database.writeTransaction(async (trx) => {
      for (let n = 0; n < 40; n += 1) await runners[0]!.enqueue(trx, { name: 'count', payload: n });
    });

    await Promise.all(runners.map((runner) => runner.start()));
    await runDue();

    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('when a job keeps failing, then it is retried after a doubling backoff and dies after its attempts with a log line', async () => {
    const {
      database,
      runners: [runner],
      clock,
      logger,
      runDue,
      advance,
    } = await kit();
    const attempts: { attempt: number; at: number }[] = [];
    runner!.define({
      name: 'flaky',
      attempts: 3,
      backoffMs: 60_000,
      handler: async (_payload, run) => {
        attempts.push({ attempt: run.attempt, at: clock.now() });
        throw new Error('remote said no');
      },
    });
    await runner!.start();
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'flaky', payload: null }));

    await runDue();
    expect(attempts.map((a) => a.attempt)).toEqual([1]);
    await advance(59_000);
    expect(attempts).toHaveLength(1);
    await advance(2_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    await advance(119_000);
    expect(attempts).toHaveLength(2);
    await advance(2_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    await advance(10 * 60_000);
    expect(attempts).toHaveLength(3);

    expect(logger.lines.some((line) => line.level === 'error' && line.message === 'job dead' && line.fields?.job === 'flaky')).toBe(true);
  });

  it('when a failure is permanent, then the job dies at once', async () => {
    const {
      database,
      runners: [runner],
      logger,
      runDue,
    } = await kit();
    let calls = 0;
    runner!.define({
      name: 'refused',
      attempts: 5,
      isPermanent: (error) => error instanceof Error && error.message.startsWith('550'),
      handler: async () => {
        calls += 1;
        throw new Error('550 no such mailbox');
      },
    });
    await runner!.start();
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'refused', payload: null }));
    await runDue();

    expect(calls).toBe(1);
    expect(logger.lines.some((line) => line.message === 'job dead' && line.fields?.job === 'refused')).toBe(true);
  });

  it('when a job is due later, then it runs only once the clock reaches its time', async () => {
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
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'later', payload: 'in a day', runAt: clock.now() + 86_400_000 }));

    await runDue();
    expect(seen).toEqual([]);
    await advance(86_400_000 + 1_000);
    expect(seen).toEqual(['in a day']);
  });

  it('when a job with the same dedupe key is still waiting, then enqueuing it again adds nothing', async () => {
    const {
      database,
      runners: [runner],
      clock,
      runDue,
      advance,
    } = await kit();
    const seen: string[] = [];
    runner!.define<string>({ name: 'remind', handler: async (payload) => void seen.push(payload) });
    await runner!.start();
    for (const payload of ['first', 'second']) {
      await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'remind', payload, dedupeKey: 'vendor-1', runAt: clock.now() + 60_000 }));
    }

    await advance(61_000);
    await runDue();
    expect(seen).toEqual(['first']);

    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'remind', payload: 'after it ran', dedupeKey: 'vendor-1' }));
    await runDue();
    expect(seen).toEqual(['first', 'after it ran']);
  });

  it('when the runner stops, then the running job finishes first and no new one starts', async () => {
    const {
      database,
      runners: [runner],
    } = await kit();
    let release: () => void = () => {};
    const started: string[] = [];
    const finished: string[] = [];
    runner!.define<string>({
      name: 'slow',
      handler: async (payload) => {
        started.push(payload);
        await new Promise<void>((resolve) => (release = resolve));
        finished.push(payload);
      },
    });
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'slow', payload: 'a' }));
    await runner!.start();
    await expect.poll(() => started).toEqual(['a']);

    const stopping = runner!.stop();
    await database.writeTransaction((trx) => runner!.enqueue(trx, { name: 'slow', payload: 'b' }));
    release();
    await stopping;

    expect(finished).toEqual(['a']);
    expect(started).toEqual(['a']);
  });
});

describe('the embedded job runner stopping', () => {
  it('when it stops while a poll is taking a job, then stop waits for the poll and the job it took, and nothing runs after', async () => {
    const kit = await createJobRunnerFor('sqlite');
    try {
      // The runner's transactions wait at a gate: its poll is held while taking the job.
      let open: () => void = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      let taking = 0;
      const gated: Database = {
        ...kit.database,
        writeTransaction: async (fn) => {
          taking += 1;
          await gate;
          return kit.database.writeTransaction(fn);
        },
      };
      const runner = createTableJobRunner({ database: gated, clock: kit.clock, logger: kit.logger, pollMs: 10 });
      const ran: string[] = [];
      runner.define<string>({ name: 'note', handler: async (payload) => void ran.push(payload) });
      await kit.database.writeTransaction((trx) => runner.enqueue(trx, { name: 'note', payload: 'a' }));
      await runner.start();
      await waitUntil(() => expect(taking).toBe(1));

      let ranWhenStopped: string[] | null = null;
      const stopping = runner.stop().then(() => void (ranWhenStopped = [...ran]));
      // Turns of the event loop in which a stop that did not wait for the poll would resolve.
      await eventLoopTurns(5);
      expect(ranWhenStopped).toBeNull();
      open();
      await stopping;

      expect(ranWhenStopped).toEqual(['a']);
      const row = await kit.database.db.selectFrom('jobs').select('state').where('name', '=', 'note').executeTakeFirstOrThrow();
      expect(row.state).toBe('done');
      expect(taking).toBe(1);
    } finally {
      await kit.close();
    }
  });
});
