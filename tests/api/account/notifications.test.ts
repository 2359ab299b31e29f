import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { errorPaths, expectProblem, registerVendor } from '../../support/api/http';
import { accountApi } from './support';
import { aBusinessWithMember } from '../../support/api/builders';

const DEFAULTS = { newMatches: true, messages: true, reviews: true, weeklySummary: true, channel: 'email' };

describe.each(TEST_DATABASES)('notification preferences on %s', (kind) => {
  let ctx: TestContext;
  let api: ReturnType<typeof accountApi>;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    api = accountApi(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when a new vendor reads the preferences, then every notification is on, by email', async () => {
    const owner = await registerVendor(ctx);

    const res = await api.getNotifications(owner.accessToken);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: DEFAULTS });
  });

  it('when preferences are saved, then 200 with them and they are read back and stored for that user only', async () => {
    const owner = await registerVendor(ctx);
    const neighbour = await registerVendor(ctx);
    const chosen = { newMatches: false, messages: true, reviews: false, weeklySummary: false, channel: 'email' };

    const res = await api.putNotifications(owner.accessToken, chosen);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: chosen });
    expect((await api.getNotifications(owner.accessToken)).body).toEqual({ data: chosen });
    expect((await api.getNotifications(neighbour.accessToken)).body).toEqual({ data: DEFAULTS });
    const rows = await ctx.database.db.selectFrom('notification_preferences').selectAll().where('user_id', '=', owner.vendor.id).execute();
    expect(rows).toEqual([expect.objectContaining({ new_matches: 0, messages: 1, reviews: 0, weekly_summary: 0, channel: 'email' })]);
  });

  it('when preferences are saved twice, then the second save replaces the first', async () => {
    const owner = await registerVendor(ctx);
    await api.putNotifications(owner.accessToken, { ...DEFAULTS, reviews: false });

    const res = await api.putNotifications(owner.accessToken, { ...DEFAULTS, messages: false });

    expect(res.status).toBe(200);
    expect((await api.getNotifications(owner.accessToken)).body).toEqual({ data: { ...DEFAULTS, messages: false } });
    expect(await ctx.database.db.selectFrom('notification_preferences').select('user_id').where('user_id', '=', owner.vendor.id).execute()).toHaveLength(1);
  });

  it.each([
    ['a string instead of a boolean', { ...DEFAULTS, messages: 'yes' }, ['messages']],
    ['a missing preference', { newMatches: true, messages: true, reviews: true, channel: 'email' }, ['weeklySummary']],
    ['an unknown channel', { ...DEFAULTS, channel: 'sms' }, ['channel']],
    ['an unknown preference', { ...DEFAULTS, marketing: true }, ['']],
  ])('when the body has %s, then 400 problem with the field error and nothing is stored', async (_label, body, paths) => {
    const owner = await registerVendor(ctx);

    const problem = expectProblem(await api.putNotifications(owner.accessToken, body), 400, 'validation-failed');

    expect(errorPaths(problem)).toEqual(paths);
    expect((await api.getNotifications(owner.accessToken)).body).toEqual({ data: DEFAULTS });
  });

  it('when there is no bearer token, then reading and saving are 401 problems', async () => {
    expectProblem(await api.getNotifications(''), 401, 'unauthorized');
    expectProblem(await api.putNotifications('', DEFAULTS), 401, 'unauthorized');
  });

  it('when a team member sets their preferences, then the owner keeps their own', async () => {
    const { owner, member } = await aBusinessWithMember(ctx);

    expect((await api.putNotifications(member.accessToken, { ...DEFAULTS, weeklySummary: false })).status).toBe(200);

    expect((await api.getNotifications(member.accessToken)).body).toEqual({ data: { ...DEFAULTS, weeklySummary: false } });
    expect((await api.getNotifications(owner.accessToken)).body).toEqual({ data: DEFAULTS });
  });
});
