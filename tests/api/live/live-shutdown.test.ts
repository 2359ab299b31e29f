import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGracefulShutdown } from '../../../server/core/http/graceful-shutdown';
import { createMemoryLogger } from '../../../server/core/logger';
import { aVendor } from '../../support/api/builders';
import { listenOf, openStream } from '../../support/api/live';
import { createTestContext, type TestContext } from '../../support/api/test-app';

/** Stopping (docs/operators.md: Stopping): open event streams would hold the drain to its timeout; they are ended first. */
describe('live streams when the server stops', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when SIGTERM arrives with streams open, then each is told to reconnect and the drain ends at once, not at its timeout', async () => {
    const florist = await aVendor(ctx);
    const { server } = await listenOf(ctx);
    const signals = new EventEmitter();
    const logger = createMemoryLogger();
    let exit: (code: number) => void = () => {};
    const exited = new Promise<number>((resolve) => (exit = resolve));
    installGracefulShutdown({ server, logger, signals, exit, timeoutMs: 10_000, onDrain: () => ctx.app.live.closeStreams() });
    const streams = [await openStream(ctx, florist.accessToken), await openStream(ctx, florist.accessToken)];
    expect(streams.map((stream) => stream.status)).toEqual([200, 200]);

    const startedAt = Date.now();
    signals.emit('SIGTERM');
    for (const stream of streams) {
      const end = await stream.next((event) => event.event === 'end');
      expect(JSON.parse(end.data)).toEqual({ reason: 'shutdown' });
      await stream.ended;
    }
    expect(await exited).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(logger.lines.map((line) => line.message)).not.toContain('shutdown timed out');
  });
});
