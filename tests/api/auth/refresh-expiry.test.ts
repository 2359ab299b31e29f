import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/core/opaque-tokens';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { STRONG_PASSWORD, agent, login, refresh, registerVendor, type SessionBody } from '../../support/api/http';

const DAY_MS = 86_400_000;
const TTL_MS = 30 * DAY_MS;

interface TokenPairBody {
  data: { accessToken: string; refreshToken: string; refreshExpiresAt: number };
}

describe.each(TEST_DATABASES)('the refresh token expiry in token answers on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** The stored expiry of the refresh token's row (the same for every token of its family). */
  async function storedExpiry(refreshToken: string): Promise<number> {
    const row = await ctx.database.db
      .selectFrom('refresh_tokens')
      .select('expires_at')
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirstOrThrow();
    return Number(row.expires_at);
  }

  it('when a vendor registers, then the answer carries the new session’s expiry: the stored one, 30 days on', async () => {
    const before = ctx.clock.now();
    const account = await registerVendor(ctx);

    expect(account.refreshExpiresAt).toBe(await storedExpiry(account.refreshToken));
    expect(account.refreshExpiresAt).toBeGreaterThanOrEqual(before + TTL_MS);
    expect(account.refreshExpiresAt).toBeLessThanOrEqual(ctx.clock.now() + TTL_MS);
  });

  it('when a vendor signs in, then the answer carries the expiry of that new session', async () => {
    const account = await registerVendor(ctx);
    ctx.clock.advance(DAY_MS);

    const res = await login(ctx, account.email, STRONG_PASSWORD);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body as { data: SessionBody };
    expect(data.refreshExpiresAt).toBe(await storedExpiry(data.refreshToken));
    expect(data.refreshExpiresAt).toBeGreaterThanOrEqual(account.refreshExpiresAt + DAY_MS);
  });

  it('when the refresh token is rotated, twice and days apart, then each answer carries the family’s unchanged expiry', async () => {
    const account = await registerVendor(ctx);
    ctx.clock.advance(10 * DAY_MS);

    const first = await refresh(ctx, account.refreshToken);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const rotated = (first.body as TokenPairBody).data;
    ctx.clock.advance(10 * DAY_MS);
    const second = await refresh(ctx, rotated.refreshToken);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const again = (second.body as TokenPairBody).data;

    expect(rotated.refreshExpiresAt).toBe(account.refreshExpiresAt);
    expect(again.refreshExpiresAt).toBe(account.refreshExpiresAt);
    expect(await storedExpiry(again.refreshToken)).toBe(account.refreshExpiresAt);
  });

  it('when a refresh is retried after its answer was lost, then the new pair keeps the family’s expiry', async () => {
    const account = await registerVendor(ctx);
    const retryKey = 'retry-key-of-this-browser-0001';
    expect((await refresh(ctx, account.refreshToken, retryKey)).status).toBe(200);

    const retried = await refresh(ctx, account.refreshToken, retryKey);

    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const { data } = retried.body as TokenPairBody;
    expect(data.refreshExpiresAt).toBe(account.refreshExpiresAt);
    expect(await storedExpiry(data.refreshToken)).toBe(account.refreshExpiresAt);
  });

  it('when the password is changed, then the answer carries the expiry of the new session, not of the ended one', async () => {
    const account = await registerVendor(ctx);
    ctx.clock.advance(5 * DAY_MS);
    const signedIn = (await login(ctx, account.email, STRONG_PASSWORD)).body as { data: SessionBody };

    const res = await agent(ctx)
      .post('/api/account/password')
      .set('Authorization', `Bearer ${signedIn.data.accessToken}`)
      .send({ currentPassword: account.password, newPassword: 'amber-orchard-lantern-31' });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body as TokenPairBody;
    expect(data.refreshExpiresAt).toBe(await storedExpiry(data.refreshToken));
    expect(data.refreshExpiresAt).toBeGreaterThanOrEqual(account.refreshExpiresAt + 5 * DAY_MS);
  });

  it('when the answered expiry comes, then the refresh is refused from then on (a second before, it still works)', async () => {
    const account = await registerVendor(ctx);
    // The test clock keeps running from where it is moved: a second's margin before the expiry.
    ctx.clock.advance(account.refreshExpiresAt - 1_000 - ctx.clock.now());
    const lastMoment = await refresh(ctx, account.refreshToken);
    expect(lastMoment.status, JSON.stringify(lastMoment.body)).toBe(200);
    ctx.clock.advance(1_000);

    const res = await refresh(ctx, (lastMoment.body as TokenPairBody).data.refreshToken);

    expect(res.status).toBe(401);
  });
});
