import type { TestContext } from './test-app';
import { DAY_MS } from '../../../shared/time/durations';
export { DAY_MS };

/** `YYYY-MM-DD` of the server clock's day plus `days`. */
export function dayFromNow(ctx: TestContext, days: number): string {
  return new Date(ctx.clock.now() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Moves the server clock by whole days and runs every job due by then, as `POST /dev/clock` does. */
export async function advanceDays(ctx: TestContext, days: number): Promise<void> {
  ctx.advanceClock(days * DAY_MS);
  await ctx.jobs.clockAdvanced(ctx.clock.offset());
  await ctx.jobs.runDue();
}

/** Moves the server clock by minutes and runs every job due by then. */
export async function advanceMinutes(ctx: TestContext, minutes: number): Promise<void> {
  ctx.advanceClock(minutes * 60_000);
  await ctx.jobs.clockAdvanced(ctx.clock.offset());
  await ctx.jobs.runDue();
}
