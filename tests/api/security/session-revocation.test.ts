import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../../server/auth/session-gate';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { OTHER_STRONG_PASSWORD, agent, expectProblem, login, me, refresh, registerVendor, type SessionBody } from '../../support/api/http';

describe.each(TEST_DATABASES)('access tokens of ended sessions on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a vendor signs out, then their access token is refused at once, not 15 minutes later', async () => {
    const account = await registerVendor(ctx);
    expect((await me(ctx, account.accessToken)).status).toBe(200);

    expect((await agent(ctx).post('/jwt/logout').send({ refreshToken: account.refreshToken })).status).toBe(204);

    expectProblem(await me(ctx, account.accessToken), 401, 'unauthorized');
  });

  it('when a stolen refresh token is replayed, then the whole family ends: the thief’s and the owner’s access tokens are refused', async () => {
    const account = await registerVendor(ctx);
    const owner = ((await refresh(ctx, account.refreshToken)).body as { data: { accessToken: string; refreshToken: string } }).data;
    const thief = ((await refresh(ctx, owner.refreshToken)).body as { data: { accessToken: string; refreshToken: string } }).data;
    expect((await me(ctx, owner.accessToken)).status).toBe(200);
    expect((await me(ctx, thief.accessToken)).status).toBe(200);

    expectProblem(await refresh(ctx, owner.refreshToken), 401, 'unauthorized');

    expectProblem(await me(ctx, owner.accessToken), 401, 'unauthorized');
    expectProblem(await me(ctx, thief.accessToken), 401, 'unauthorized');
    expectProblem(await me(ctx, account.accessToken), 401, 'unauthorized');
  });

  it('when one device signs out, then the vendor’s other sessions keep working', async () => {
    const account = await registerVendor(ctx);
    const laptop = ((await login(ctx, account.email, account.password)).body as { data: SessionBody }).data;

    await agent(ctx).post('/jwt/logout').send({ refreshToken: account.refreshToken });

    expect((await me(ctx, laptop.accessToken)).status).toBe(200);
  });

  it('when the password is changed, then the other devices’ access tokens are refused at once and the new session works', async () => {
    const account = await registerVendor(ctx);
    const phone = ((await login(ctx, account.email, account.password)).body as { data: SessionBody }).data;
    expect((await me(ctx, phone.accessToken)).status).toBe(200);

    const changed = await agent(ctx)
      .post('/api/account/password')
      .set('Authorization', `Bearer ${account.accessToken}`)
      .send({ currentPassword: account.password, newPassword: OTHER_STRONG_PASSWORD });
    expect(changed.status).toBe(200);

    expectProblem(await me(ctx, phone.accessToken), 401, 'unauthorized');
    expectProblem(await me(ctx, account.accessToken), 401, 'unauthorized');
    expect((await me(ctx, (changed.body as { data: { accessToken: string } }).data.accessToken)).status).toBe(200);
  });

  it('when a session was checked, then it is trusted from the cache until SESSION_CACHE_MS, and then asked again', async () => {
    const account = await registerVendor(ctx);
    expect((await me(ctx, account.accessToken)).status).toBe(200);
    // Revoked behind this instance's back, as another instance would.
    await ctx.database.db.updateTable('refresh_tokens').set({ revoked_at: ctx.clock.now() }).where('user_id', '=', account.vendor.id).execute();

    expect((await me(ctx, account.accessToken)).status).toBe(200);
    ctx.advanceClock(SESSION_CACHE_MS + 1);
    expectProblem(await me(ctx, account.accessToken), 401, 'unauthorized');
  });
});
