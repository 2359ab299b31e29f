import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '../../../server/core/events/event-bus';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const deleted = { vendorId: 'v-1', businessName: 'Test Bakes', ownerEmail: 'owner@example.com', userIds: ['u-1'] };

describe.each(TEST_DATABASES)('domain events on %s', (kind) => {
  let ctx: TestContext;
  const ran: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    ctx.jobs.define<string>({ name: 'test.cleanup', handler: async (what) => void ran.push(what) });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  function freshBus(): { bus: EventBus; log: string[] } {
    const bus = createEventBus(ctx.database);
    const log: string[] = [];
    bus.subscribe('business.deleted', async ({ vendorId }, { trx, afterCommit }) => {
      log.push(`first ${vendorId}`);
      await ctx.jobs.enqueue(trx, { name: 'test.cleanup', payload: vendorId });
      afterCommit(() => log.push('after commit'));
    });
    bus.subscribe('business.deleted', ({ businessName }) => void log.push(`second ${businessName}`));
    return { bus, log };
  }

  it('when an event is published in a committed change, then subscribers run in order inside it, their jobs run, and after-commit work follows the commit', async () => {
    const { bus, log } = freshBus();

    await ctx.database.writeTransaction(async (trx) => {
      await bus.publish(trx, 'business.deleted', deleted);
      log.push('still in the transaction');
    });
    await ctx.jobs.runDue();

    expect(log).toEqual(['first v-1', 'second Test Bakes', 'still in the transaction', 'after commit']);
    expect(ran).toContain('v-1');
  });

  it('when the publishing change rolls back, then what subscribers queued never runs and after-commit work is dropped', async () => {
    const { bus, log } = freshBus();

    await expect(
      ctx.database.writeTransaction(async (trx) => {
        await bus.publish(trx, 'business.deleted', { ...deleted, vendorId: 'v-rolled-back' });
        throw new Error('the deletion failed');
      }),
    ).rejects.toThrow('the deletion failed');
    await ctx.jobs.runDue();

    expect(log).toEqual(['first v-rolled-back', 'second Test Bakes']);
    expect(ran).not.toContain('v-rolled-back');
  });

  it('when a subscriber fails, then the change fails with it', async () => {
    const bus = createEventBus(ctx.database);
    bus.subscribe('user.password-changed', () => {
      throw new Error('subscriber broke');
    });
    await expect(ctx.database.writeTransaction((trx) => bus.publish(trx, 'user.password-changed', { userId: 'u', email: 'e@example.com' }))).rejects.toThrow(
      'subscriber broke',
    );
  });
});
