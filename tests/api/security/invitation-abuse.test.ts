import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LIMITS } from '../../../server/team/team.service';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import {
  OTHER_STRONG_PASSWORD,
  agent,
  errorPaths,
  expectProblem,
  outboxFor,
  refresh,
  registerVendor,
  tokenFromMail,
  uniqueEmail,
  waitForMail,
} from '../../support/api/http';

const HOUR_MS = 60 * 60 * 1000;
const INVITE_LINK = 'http://127.0.0.1:3000/register-with-token/';

describe.each(TEST_DATABASES)('invitations as a weapon on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const invite = (accessToken: string, email: string) => agent(ctx).post('/api/team/invitations').set('Authorization', `Bearer ${accessToken}`).send({ email });

  async function inviteMany(accessToken: string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await invite(accessToken, uniqueEmail('target'))).status);
    return statuses;
  }

  it('when an owner fires invitations at arbitrary addresses, then after 20 in an hour the next is 429 on the email field with Retry-After, and no mail goes out for it', async () => {
    const owner = await registerVendor(ctx);
    expect(await inviteMany(owner.accessToken, INVITATION_LIMITS.perHour)).toEqual(Array(INVITATION_LIMITS.perHour).fill(201));
    const target = uniqueEmail('one-too-many');

    const res = await invite(owner.accessToken, target);

    const body = expectProblem(res, 429, 'rate-limited');
    expect(errorPaths(body)).toEqual(['email']);
    expect(body.detail).toMatch(/You have sent 20 invitations in the last hour\. You can send the next one in \d+ minutes\./);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(55 * 60);
    expect(await outboxFor(ctx, target)).toEqual([]);
  });

  it('when hours pass, then more can be sent, up to 50 in 24 hours', async () => {
    let owner: { accessToken: string; refreshToken: string } = await registerVendor(ctx);
    // An hour outlives the access token: the client would refresh it.
    const later = async () => {
      ctx.advanceClock(HOUR_MS);
      owner = ((await refresh(ctx, owner.refreshToken)).body as { data: typeof owner }).data;
    };
    await inviteMany(owner.accessToken, 20);
    await later();
    await inviteMany(owner.accessToken, 20);
    await later();
    expect(await inviteMany(owner.accessToken, 10)).toEqual(Array(10).fill(201));

    const res = await invite(owner.accessToken, uniqueEmail('over-the-day'));

    expect(expectProblem(res, 429, 'rate-limited').detail).toMatch(/You have sent 50 invitations in the last 24 hours/);
  });

  it('when businesses gang up on one address, then it receives at most 5 invitations a day', async () => {
    const victim = uniqueEmail('victim');
    for (let i = 0; i < INVITATION_LIMITS.perAddressPerDay; i += 1) {
      expect((await invite((await registerVendor(ctx)).accessToken, victim)).status).toBe(201);
    }

    expectProblem(await invite((await registerVendor(ctx)).accessToken, victim), 429, 'rate-limited');
    expect(await waitForMail(ctx, victim, 5)).toHaveLength(5);
  });

  it('when an owner invites an address that already has an account, then the answer is the same as for anyone; the invitee is told when accepting', async () => {
    const owner = await registerVendor(ctx);
    const existing = await registerVendor(ctx);
    const stranger = uniqueEmail('stranger');

    const toExisting = await invite(owner.accessToken, existing.email.toUpperCase());
    const toStranger = await invite(owner.accessToken, stranger);

    expect(toExisting.status).toBe(201);
    expect(toStranger.status).toBe(201);
    expect(Object.keys((toExisting.body as { data: object }).data).sort()).toEqual(Object.keys((toStranger.body as { data: object }).data).sort());
    const [mail] = await waitForMail(ctx, existing.email);
    const token = tokenFromMail(mail!, INVITE_LINK);
    const accepted = await agent(ctx).post('/api/register-with-token').send({ token, password: OTHER_STRONG_PASSWORD });
    expect(expectProblem(accepted, 409, 'email-taken').detail).toMatch(/already belongs to an account/);
  });

  it('when the same address is invited again, then the earlier link stops working and one invitation is pending', async () => {
    const owner = await registerVendor(ctx);
    const invitee = uniqueEmail('again');
    await invite(owner.accessToken, invitee);
    // Delivered, and a tick later the second: the mailbox orders by delivery time, and two mails
    // delivered in one run of the job runner can share a millisecond.
    await waitForMail(ctx, invitee, 1);
    ctx.advanceClock(1);
    await invite(owner.accessToken, invitee);
    const [first, second] = await waitForMail(ctx, invitee, 2);

    expectProblem(await agent(ctx).get(`/api/invitations/${tokenFromMail(first!, INVITE_LINK)}`), 404, 'invalid-token');
    expect((await agent(ctx).get(`/api/invitations/${tokenFromMail(second!, INVITE_LINK)}`)).status).toBe(200);
    const team = await agent(ctx).get('/api/team').set('Authorization', `Bearer ${owner.accessToken}`);
    expect((team.body as { data: { invitations: { email: string }[] } }).data.invitations.filter((i) => i.email === invitee)).toHaveLength(1);
  });
});
