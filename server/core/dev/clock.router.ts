import { Router } from 'express';
import { z } from 'zod';
import type { AdjustableClock } from '../clock';
import type { JobRunner } from '../jobs/job-runner';
import { DAY_MS } from '../../../shared/time/durations';

const advanceBody = z.strictObject({ advanceDays: z.number({ error: 'advanceDays must be a whole number of days from 1 to 400' }).int().min(1).max(400) });

/**
 * The test clock (`/dev/clock`, docs/security.md, development tools): GET says the server's time; POST moves it
 * forward by whole days and answers only once every job due by the new time has run (renewals,
 * expiries, mail), so a test sees the world as it is then. Mounted at /dev by the development tools.
 */
export function clockRouter(deps: { clock: AdjustableClock; jobs: JobRunner }): Router {
  const router = Router();
  let moving: Promise<unknown> = Promise.resolve();

  router.get('/clock', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ now: deps.clock.now() });
  });

  router.post('/clock', async (req, res) => {
    const { advanceDays } = advanceBody.parse(req.body);
    // One move at a time: a second waits for the first's jobs, then moves from there.
    const move = moving.then(async () => {
      const ms = advanceDays * DAY_MS;
      deps.clock.advance(ms);
      await deps.jobs.clockAdvanced(deps.clock.offset());
      await deps.jobs.runDue();
    });
    moving = move.catch(() => undefined);
    await move;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ now: deps.clock.now() });
  });

  return router;
}
