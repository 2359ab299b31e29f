import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  errorPaths,
  expectProblem,
  login,
  me,
  refresh,
  registerVendor,
  waitForMail,
  type SessionBody,
} from '../../support/api/http';
import { accountApi, nextSecond } from './support';
import { aBusinessWithMember } from '../../support/api/builders';

const NEW_PASSWORD = 'amber-orchard-lantern-31';

describe.each(TEST_DATABASES)('POST /api/account/password on %s', (kind) => {
  let ctx: TestContext;
  let api: ReturnType<typeof accountApi>;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    api = accountApi(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the current password is right and the new one strong, then 200 with a new session and only the new password signs in', async () => {
    const owner = await registerVendor(ctx);

    const res = await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: NEW_PASSWORD });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.body as { data: { accessToken: string; refreshToken: string } };
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshExpiresAt', 'refreshToken']);
    expect((await me(ctx, data.accessToken)).status).toBe(200);
    expect((await login(ctx, owner.email, NEW_PASSWORD)).status).toBe(200);
    expectProblem(await login(ctx, owner.email, owner.password), 401, 'invalid-credentials');
    const user = await ctx.database.db.selectFrom('users').select('password_hash').where('email', '=', owner.email).executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.password_hash).not.toContain(NEW_PASSWORD);
  });

  it('when the password changes, then every other session ends at once and the returned one keeps working', async () => {
    const owner = await registerVendor(ctx);
    const otherDevice = (await login(ctx, owner.email, owner.password)).body as { data: SessionBody };
    nextSecond(ctx);

    const res = await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: NEW_PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fresh = (res.body as { data: { accessToken: string; refreshToken: string } }).data;

    // The other device: its access token is refused and its refresh token revoked.
    expectProblem(await me(ctx, otherDevice.data.accessToken), 401, 'unauthorized');
    expectProblem(await refresh(ctx, otherDevice.data.refreshToken), 401, 'unauthorized');
    // The caller's old tokens end too; the session in the answer replaces them.
    expectProblem(await me(ctx, owner.accessToken), 401, 'unauthorized');
    expectProblem(await refresh(ctx, owner.refreshToken), 401, 'unauthorized');
    expect((await me(ctx, fresh.accessToken)).status).toBe(200);
    const rotated = await refresh(ctx, fresh.refreshToken);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
  });

  it('when the password changes, then the owner gets a notice by mail', async () => {
    const owner = await registerVendor(ctx);

    expect((await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: NEW_PASSWORD })).status).toBe(200);

    const mails = await waitForMail(ctx, owner.email);
    expect(mails.map((m) => m.subject)).toContain('Your Vowly Pro password was changed');
  });

  it('when the current password is wrong, then 400 on currentPassword and nothing changes', async () => {
    const owner = await registerVendor(ctx);

    const body = expectProblem(
      await api.changePassword(owner.accessToken, { currentPassword: 'not-my-password-at-all', newPassword: NEW_PASSWORD }),
      400,
      'invalid-credentials',
    );

    expect(errorPaths(body)).toEqual(['currentPassword']);
    expect((await login(ctx, owner.email, owner.password)).status).toBe(200);
    expect((await me(ctx, owner.accessToken)).status).toBe(200);
    expect((await refresh(ctx, owner.refreshToken)).status).toBe(200);
  });

  it.each([
    ['too short', 'short'],
    ['a common password', 'password123'],
    ['the same as the current one', STRONG_PASSWORD],
  ])('when the new password is %s, then 400 on newPassword and the old password still works', async (_label, newPassword) => {
    const owner = await registerVendor(ctx);

    const body = expectProblem(await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword }), 400, 'validation-failed');

    expect(errorPaths(body)).toEqual(['newPassword']);
    expect(body.errors?.[0]?.message).toEqual(expect.any(String));
    expect((await login(ctx, owner.email, owner.password)).status).toBe(200);
  });

  it('when the new password contains the email name, then 400 on newPassword', async () => {
    const local = `harbor${Date.now().toString(36)}`;
    const owner = await registerVendor(ctx, { email: `${local}@example.com` });

    const body = expectProblem(
      await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: `${local}-2026-xyz` }),
      400,
      'validation-failed',
    );

    expect(errorPaths(body)).toEqual(['newPassword']);
  });

  it('when fields are missing or extra, then 400 problem with a field error for each', async () => {
    const owner = await registerVendor(ctx);

    const missing = expectProblem(await api.changePassword(owner.accessToken, {}), 400, 'validation-failed');
    expect(errorPaths(missing).sort()).toEqual(['currentPassword', 'newPassword']);
    const wrongType = expectProblem(await api.changePassword(owner.accessToken, { currentPassword: 42, newPassword: NEW_PASSWORD }), 400, 'validation-failed');
    expect(errorPaths(wrongType)).toEqual(['currentPassword']);
    const extra = expectProblem(
      await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: NEW_PASSWORD, role: 'admin' }),
      400,
    );
    expect(extra.errors?.length).toBeGreaterThan(0);
  });

  it('when there is no bearer token, then 401 problem', async () => {
    const res = await accountApi(ctx).changePassword('', { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expectProblem(res, 401, 'unauthorized');
  });

  it('when a team member changes their own password, then 200 and only their password changes', async () => {
    const { owner, member } = await aBusinessWithMember(ctx);

    const res = await api.changePassword(member.accessToken, { currentPassword: member.password, newPassword: NEW_PASSWORD });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await login(ctx, member.email, NEW_PASSWORD)).status).toBe(200);
    expect((await login(ctx, owner.email, owner.password)).status).toBe(200);
    expect((await me(ctx, owner.accessToken)).status).toBe(200);
  });

  it('when the password changes, then open reset links of the account stop working', async () => {
    const owner = await registerVendor(ctx);
    await ctx.database.db
      .insertInto('password_resets')
      .values({
        id: randomUUID(),
        user_id: owner.vendor.id,
        token_hash: randomBytes(32).toString('hex'),
        expires_at: ctx.clock.now() + 3_600_000,
        used_at: null,
        created_at: ctx.clock.now(),
      })
      .execute();

    expect((await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: OTHER_STRONG_PASSWORD })).status).toBe(200);

    const open = await ctx.database.db.selectFrom('password_resets').select('id').where('user_id', '=', owner.vendor.id).where('used_at', 'is', null).execute();
    expect(open).toEqual([]);
  });
});

describe.each(TEST_DATABASES)('account rate limits on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 3 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the current password is guessed too often, then 429 before any check, even with the right password', async () => {
    const api = accountApi(ctx);
    const owner = await registerVendor(ctx);
    for (let i = 0; i < 3; i++) {
      expectProblem(await api.changePassword(owner.accessToken, { currentPassword: `wrong-guess-${i}-xyz`, newPassword: NEW_PASSWORD }), 400);
    }

    const res = await api.changePassword(owner.accessToken, { currentPassword: owner.password, newPassword: NEW_PASSWORD });

    expectProblem(res, 429, 'rate-limited');
    expect(res.headers['retry-after']).toBeDefined();
    expect((await login(ctx, owner.email, owner.password)).status).toBe(200);
    // The limit is per user: another account of the same IP is not affected.
    const other = await registerVendor(ctx);
    expect((await api.changePassword(other.accessToken, { currentPassword: other.password, newPassword: NEW_PASSWORD })).status).toBe(200);
  });
});
