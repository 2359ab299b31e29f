import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../../server/core/db/schema';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, login, me, refresh, registerVendor, uniqueEmail, waitForMail } from '../../support/api/http';
import { accountApi } from './support';
import { aBusinessWithMember, aVendor } from '../../support/api/builders';

/** Rows of every table that belongs to a business, by vendor or by user. */
async function rowsOf(db: Kysely<DB>, vendorId: string, userIds: string[]) {
  return {
    vendors: await db.selectFrom('vendors').select('id').where('id', '=', vendorId).execute(),
    users: await db.selectFrom('users').select('id').where('vendor_id', '=', vendorId).execute(),
    refresh_tokens: await db.selectFrom('refresh_tokens').select('id').where('user_id', 'in', userIds).execute(),
    password_resets: await db.selectFrom('password_resets').select('id').where('user_id', 'in', userIds).execute(),
    invitations: await db.selectFrom('invitations').select('id').where('vendor_id', '=', vendorId).execute(),
    form_data: await db.selectFrom('form_data').select('form_id').where('vendor_id', '=', vendorId).execute(),
    email_changes: await db.selectFrom('email_changes').select('id').where('user_id', 'in', userIds).execute(),
    notification_preferences: await db.selectFrom('notification_preferences').select('user_id').where('user_id', 'in', userIds).execute(),
  };
}

describe.each(TEST_DATABASES)('DELETE /api/account on %s', (kind) => {
  let ctx: TestContext;
  let api: ReturnType<typeof accountApi>;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    api = accountApi(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A business with data in every table: onboarding saved, a member, an open invitation, a pending email change, preferences, a reset link. */
  async function busyBusiness(businessName: string) {
    const { owner, member } = await aBusinessWithMember(ctx, { owner: await aVendor(ctx, { businessName }) });
    const bearer = `Bearer ${owner.accessToken}`;
    expect(
      (
        await agent(ctx)
          .post('/api/team/invitations')
          .set('Authorization', bearer)
          .send({ email: uniqueEmail('pending') })
      ).status,
    ).toBe(201);
    expect((await api.changeEmail(owner.accessToken, { newEmail: uniqueEmail('moving'), password: owner.password })).status).toBe(202);
    expect(
      (await api.putNotifications(member.accessToken, { newMatches: false, messages: true, reviews: true, weeklySummary: true, channel: 'email' })).status,
    ).toBe(200);
    expect((await agent(ctx).post('/api/forgot-password').send({ email: member.email })).status).toBe(202);
    // The invitation, then the reset link (forgot-password answers first and writes it afterwards).
    expect(await waitForMail(ctx, member.email, 2, 10_000)).toHaveLength(2);
    return { owner, member, vendorId: owner.vendor.vendor_id, userIds: [owner.vendor.id, member.vendor.id] };
  }

  it('when the owner confirms with the password and the business name, then 204 and the business, its users, sessions and data are gone', async () => {
    const { owner, member, vendorId, userIds } = await busyBusiness('Juniper Floral Studio');
    const before = await rowsOf(ctx.database.db, vendorId, userIds);
    for (const [table, rows] of Object.entries(before)) expect(rows.length, `${table} before`).toBeGreaterThan(0);

    const res = await api.deleteAccount(owner.accessToken, { password: owner.password, confirmation: 'Juniper Floral Studio' });

    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(res.text).toBe('');
    const after = await rowsOf(ctx.database.db, vendorId, userIds);
    for (const [table, rows] of Object.entries(after)) expect(rows, `${table} after`).toEqual([]);
    // Nobody of the business can sign in or keep a session.
    expectProblem(await login(ctx, owner.email, owner.password), 401, 'invalid-credentials');
    expectProblem(await login(ctx, member.email, member.password), 401, 'invalid-credentials');
    expectProblem(await me(ctx, owner.accessToken), 401, 'unauthorized');
    expectProblem(await me(ctx, member.accessToken), 401, 'unauthorized');
    expectProblem(await refresh(ctx, owner.refreshToken), 401, 'unauthorized');
  });

  it('when one business is deleted, then another business keeps all its rows', async () => {
    const keep = await busyBusiness('Evergreen Events');
    const gone = await registerVendor(ctx, { businessName: 'Short Lived Co' });
    const before = await rowsOf(ctx.database.db, keep.vendorId, keep.userIds);

    expect((await api.deleteAccount(gone.accessToken, { password: gone.password, confirmation: 'Short Lived Co' })).status).toBe(204);

    expect(await rowsOf(ctx.database.db, keep.vendorId, keep.userIds)).toEqual(before);
    expect((await me(ctx, keep.owner.accessToken)).status).toBe(200);
  });

  it('when the account is deleted, then the owner gets a goodbye mail and the email can register again', async () => {
    const owner = await registerVendor(ctx, { businessName: 'Second Chance Bakery' });

    expect((await api.deleteAccount(owner.accessToken, { password: owner.password, confirmation: '  Second Chance Bakery ' })).status).toBe(204);

    expect((await waitForMail(ctx, owner.email)).map((m) => m.subject)).toContain('Your Vowly Pro account was deleted');
    await registerVendor(ctx, { email: owner.email });
  });

  it('when a team member tries to delete the account, then 403 problem and nothing is deleted', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Team Only Catering' });

    expectProblem(await api.deleteAccount(member.accessToken, { password: member.password, confirmation: 'Team Only Catering' }), 403, 'forbidden');

    expect((await me(ctx, owner.accessToken)).status).toBe(200);
    expect((await me(ctx, member.accessToken)).status).toBe(200);
    expect(await ctx.database.db.selectFrom('vendors').select('id').where('id', '=', owner.vendor.vendor_id).execute()).toHaveLength(1);
  });

  it('when the password is wrong, then 400 on password and nothing is deleted', async () => {
    const owner = await registerVendor(ctx, { businessName: 'Careful Cakes' });

    const body = expectProblem(
      await api.deleteAccount(owner.accessToken, { password: 'not-the-password-5', confirmation: 'Careful Cakes' }),
      400,
      'invalid-credentials',
    );

    expect(errorPaths(body)).toEqual(['password']);
    expect((await me(ctx, owner.accessToken)).status).toBe(200);
  });

  it.each([['careful cakes'], ['Careful'], ['']])(
    'when the confirmation is %j instead of the business name, then 400 on confirmation and nothing is deleted',
    async (confirmation) => {
      const owner = await registerVendor(ctx, { businessName: 'Careful Cakes' });

      const body = expectProblem(await api.deleteAccount(owner.accessToken, { password: owner.password, confirmation }), 400, 'validation-failed');

      expect(errorPaths(body)).toEqual(['confirmation']);
      expect((await me(ctx, owner.accessToken)).status).toBe(200);
    },
  );

  it('when both the password and the confirmation are wrong, then 400 with both field errors', async () => {
    const owner = await registerVendor(ctx, { businessName: 'Careful Cakes' });

    const body = expectProblem(await api.deleteAccount(owner.accessToken, { password: 'not-the-password-5', confirmation: 'Someone Else' }), 400);

    expect(errorPaths(body).sort()).toEqual(['confirmation', 'password']);
  });

  it('when the body is missing, then 400 problem with field errors', async () => {
    const owner = await registerVendor(ctx);

    const body = expectProblem(await api.deleteAccount(owner.accessToken, {}), 400, 'validation-failed');

    expect(errorPaths(body).sort()).toEqual(['confirmation', 'password']);
  });

  it('when there is no bearer token, then 401 problem', async () => {
    expectProblem(await api.deleteAccount('', { password: 'anything-long-1', confirmation: 'Anything' }), 401, 'unauthorized');
  });
});
