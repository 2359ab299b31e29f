import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbility } from '../../../shared/ability/create-ability';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import {
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  agent,
  errorPaths,
  expectProblem,
  login,
  me,
  registerVendor,
  tokenFromMail,
  uniqueEmail,
  waitForMail,
  type SessionBody,
} from '../../support/api/http';
import { aBusinessWithMember } from '../../support/api/builders';

const INVITE_LINK = 'http://127.0.0.1:3000/register-with-token/';

interface TeamBody {
  data: {
    members: { id: string; email: string; role: string }[];
    invitations: { id: string; email: string }[];
  };
}

describe.each(TEST_DATABASES)('team invitations on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const invite = (accessToken: string, email: string) => agent(ctx).post('/api/team/invitations').set('Authorization', `Bearer ${accessToken}`).send({ email });
  const listTeam = (accessToken: string) => agent(ctx).get('/api/team').set('Authorization', `Bearer ${accessToken}`);
  const acceptInvite = (token: string, password: string) => agent(ctx).post('/api/register-with-token').send({ token, password });

  /** An owner who invited a fresh address; returns the token from the mailed link. */
  async function ownerWithInvitation(businessName = 'Golden Hour Photography') {
    const owner = await registerVendor(ctx, { businessName });
    const inviteeEmail = uniqueEmail('member');
    const res = await invite(owner.accessToken, inviteeEmail);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const invitation = (res.body as { data: { id: string; email: string } }).data;
    const [mail] = await waitForMail(ctx, inviteeEmail);
    if (!mail) throw new Error('no invitation mail');
    return { owner, inviteeEmail, invitation, mail, token: tokenFromMail(mail, INVITE_LINK) };
  }

  it('when the owner invites an address, then 201 and the outbox holds a mail with a /register-with-token link', async () => {
    const { invitation, inviteeEmail, mail, token } = await ownerWithInvitation('Golden Hour Photography');

    expect(invitation).toMatchObject({ id: expect.any(String), email: inviteeEmail });
    expect(mail.subject).toContain('Golden Hour Photography');
    expect(mail.text_body).toContain(`${INVITE_LINK}${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await ctx.database.db.selectFrom('invitations').selectAll().where('email', '=', inviteeEmail).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('when the invitation link is opened, then GET /api/invitations/:token shows the email and the business name', async () => {
    const { token, inviteeEmail } = await ownerWithInvitation('Velvet Strings Quartet');

    const res = await agent(ctx).get(`/api/invitations/${token}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { email: inviteeEmail, businessName: 'Velvet Strings Quartet' } });
  });

  it('when an unknown invitation token is opened, then a 4xx problem invalid-token', async () => {
    const res = await agent(ctx).get(`/api/invitations/${randomBytes(32).toString('base64url')}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectProblem(res, res.status, 'invalid-token');
  });

  it('when the invitee registers with the token, then 201 a session of a client of the same business with fewer abilities', async () => {
    const { owner, inviteeEmail, token } = await ownerWithInvitation('Silver Spoon Catering');

    const res = await acceptInvite(token, OTHER_STRONG_PASSWORD);

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { data } = res.body as { data: SessionBody };
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshExpiresAt', 'refreshToken', 'vendor']);
    expect(data.vendor).toMatchObject({
      email: inviteeEmail,
      role: 'client',
      vendor_id: owner.vendor.vendor_id,
      business_name: 'Silver Spoon Catering',
    });
    expect(data.vendor.id).not.toBe(owner.vendor.id);

    const ability = createAbility(data.vendor.ability as Parameters<typeof createAbility>[0]);
    expect(ability.cannot('manage', 'Billing')).toBe(true);
    expect(ability.cannot('read', 'Billing')).toBe(true);
    expect(ability.cannot('delete', 'Account')).toBe(true);
    expect(ability.can('read', 'Quote')).toBe(true);

    const ownerAbility = createAbility(owner.vendor.ability as Parameters<typeof createAbility>[0]);
    expect(ownerAbility.can('manage', 'Billing')).toBe(true);
    expect(ownerAbility.can('delete', 'Account')).toBe(true);

    // The member signs in with the chosen password, and /me returns the same record.
    expect((await login(ctx, inviteeEmail, OTHER_STRONG_PASSWORD)).status).toBe(200);
    // Joining was their first visit; signing in again makes them a returning user.
    expect(data.vendor.first_visit).toBe(true);
    expect(((await me(ctx, data.accessToken)).body as { data: unknown }).data).toEqual({ ...data.vendor, first_visit: false });
    const user = await ctx.database.db.selectFrom('users').selectAll().where('email', '=', inviteeEmail).executeTakeFirst();
    expect(user).toMatchObject({ role: 'client', vendor_id: owner.vendor.vendor_id });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('when an invitation token is used twice, then the second registration is 400 invalid-token and no second user exists', async () => {
    const { token, inviteeEmail } = await ownerWithInvitation();
    expect((await acceptInvite(token, OTHER_STRONG_PASSWORD)).status).toBe(201);

    expectProblem(await acceptInvite(token, 'another-long-phrase-77'), 400, 'invalid-token');
    expectProblem(await agent(ctx).get(`/api/invitations/${token}`), 404, 'invalid-token');
    const users = await ctx.database.db.selectFrom('users').select('id').where('email', '=', inviteeEmail).execute();
    expect(users).toHaveLength(1);
  });

  it('when the invitee picks a weak password, then 400 on password and the invitation stays usable', async () => {
    const { token } = await ownerWithInvitation();

    const body = expectProblem(await acceptInvite(token, 'password123'), 400, 'validation-failed');

    expect(errorPaths(body)).toEqual(['password']);
    expect((await acceptInvite(token, OTHER_STRONG_PASSWORD)).status).toBe(201);
  });

  it('when a team member tries to invite, then 403 problem (enforced by the server) and nothing is sent', async () => {
    const { member } = await aBusinessWithMember(ctx, { businessName: 'Golden Hour Photography' });
    const target = uniqueEmail('sneaky');

    expectProblem(await invite(member.accessToken, target), 403, 'forbidden');

    const invitations = await ctx.database.db.selectFrom('invitations').select('id').where('email', '=', target).execute();
    expect(invitations).toHaveLength(0);
    const mails = await ctx.database.db.selectFrom('dev_mailbox').select('id').where('to_address', '=', target).execute();
    expect(mails).toHaveLength(0);
  });

  it('when a team member lists the team, then 403 problem', async () => {
    const { member } = await aBusinessWithMember(ctx, { businessName: 'Golden Hour Photography' });
    expectProblem(await listTeam(member.accessToken), 403, 'forbidden');
  });

  it('when a team member tries to revoke an invitation, then 403 and the invitation stays open', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Golden Hour Photography' });
    const pendingEmail = uniqueEmail('pending');
    const pending = (await invite(owner.accessToken, pendingEmail)).body as { data: { id: string } };

    const res = await agent(ctx).delete(`/api/team/invitations/${pending.data.id}`).set('Authorization', `Bearer ${member.accessToken}`);

    expectProblem(res, 403, 'forbidden');
    const [mail] = await waitForMail(ctx, pendingEmail);
    if (!mail) throw new Error('no invitation mail');
    expect((await agent(ctx).get(`/api/invitations/${tokenFromMail(mail, INVITE_LINK)}`)).status).toBe(200);
  });

  it('when the owner lists the team, then both members are listed with their roles', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Golden Hour Photography' });
    const inviteeEmail = member.email;

    const res = await listTeam(owner.accessToken);

    expect(res.status).toBe(200);
    const { members } = (res.body as TeamBody).data;
    expect(members).toHaveLength(2);
    expect(members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.vendor.id, email: owner.email, role: 'admin' }),
        expect.objectContaining({ id: member.vendor.id, email: inviteeEmail, role: 'client' }),
      ]),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);
  });

  it('when the owner lists the team, then open invitations are listed and no other business appears', async () => {
    const { owner, inviteeEmail } = await ownerWithInvitation();
    await ownerWithInvitation(); // another business

    const { data } = (await listTeam(owner.accessToken)).body as TeamBody;

    expect(data.members.map((m) => m.email)).toEqual([owner.email]);
    expect(data.invitations.map((i) => i.email)).toEqual([inviteeEmail]);
  });

  it('when the owner revokes an invitation, then 204 and its link no longer works', async () => {
    const { owner, invitation, token } = await ownerWithInvitation();

    const res = await agent(ctx).delete(`/api/team/invitations/${invitation.id}`).set('Authorization', `Bearer ${owner.accessToken}`);

    expect(res.status).toBe(204);
    expectProblem(await agent(ctx).get(`/api/invitations/${token}`), 404, 'invalid-token');
    expectProblem(await acceptInvite(token, OTHER_STRONG_PASSWORD), 400, 'invalid-token');
    const { data } = (await listTeam(owner.accessToken)).body as TeamBody;
    expect(data.invitations).toHaveLength(0);
  });

  it("when an owner revokes another business's invitation, then 404 and the invitation stays open", async () => {
    const { invitation, token } = await ownerWithInvitation();
    const stranger = await registerVendor(ctx);

    const res = await agent(ctx).delete(`/api/team/invitations/${invitation.id}`).set('Authorization', `Bearer ${stranger.accessToken}`);

    expectProblem(res, 404, 'not-found');
    expect((await agent(ctx).get(`/api/invitations/${token}`)).status).toBe(200);
  });

  it('when revoking an unknown invitation id, then 404 problem', async () => {
    const owner = await registerVendor(ctx);
    const res = await agent(ctx).delete(`/api/team/invitations/${randomUUID()}`).set('Authorization', `Bearer ${owner.accessToken}`);
    expectProblem(res, 404);
  });

  it('when the invited address registers on its own before accepting, then accepting is refused and no second user exists', async () => {
    const { token, inviteeEmail } = await ownerWithInvitation();
    await registerVendor(ctx, { email: inviteeEmail, password: STRONG_PASSWORD });

    const res = await acceptInvite(token, OTHER_STRONG_PASSWORD);

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const users = await ctx.database.db.selectFrom('users').select('role').where('email', '=', inviteeEmail).execute();
    expect(users).toEqual([{ role: 'admin' }]);
  });

  it('when the invitation is older than 7 days, then its link is invalid', async () => {
    const { token } = await ownerWithInvitation();

    ctx.advanceClock(7 * 86_400_000 + 60_000);

    expectProblem(await agent(ctx).get(`/api/invitations/${token}`), 404, 'invalid-token');
    expectProblem(await acceptInvite(token, OTHER_STRONG_PASSWORD), 400, 'invalid-token');
  });

  it('when team endpoints are called without a token, then 401', async () => {
    expectProblem(await agent(ctx).get('/api/team'), 401, 'unauthorized');
    expectProblem(await agent(ctx).post('/api/team/invitations').send({ email: uniqueEmail() }), 401, 'unauthorized');
  });

  it('when the owner invites an invalid email, then 400 with the seed message', async () => {
    const owner = await registerVendor(ctx);
    const body = expectProblem(await invite(owner.accessToken, 'nope@'), 400, 'validation-failed');
    expect(body.errors).toContainEqual({ path: 'email', message: 'Invalid email address' });
  });
});
