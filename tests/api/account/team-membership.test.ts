import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, login, me, refresh, registerVendor, waitForMail } from '../../support/api/http';
import { aBusinessWithMember } from '../../support/api/builders';

/** Owners remove team members; team members leave. Either way the member's login and sessions end at once. */
describe.each(TEST_DATABASES)('team membership on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const bearer = (token: string) => `Bearer ${token}`;
  const team = async (token: string) =>
    (await agent(ctx).get('/api/team').set('Authorization', bearer(token))).body as { data: { members: { id: string; email: string }[] } };
  const remove = (token: string, id: string) => agent(ctx).delete(`/api/team/members/${id}`).set('Authorization', bearer(token));
  const leave = (token: string, body: unknown) =>
    agent(ctx)
      .post('/api/team/leave')
      .set('Authorization', bearer(token))
      .send(body as object);

  describe('DELETE /api/team/members/:id', () => {
    it('when the owner removes a member, then 204, the member is off the team, their tokens stop working and they are told by mail', async () => {
      const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Sage & Thyme Catering' });

      const res = await remove(owner.accessToken, member.vendor.id);

      expect(res.status, JSON.stringify(res.body)).toBe(204);
      expect((await team(owner.accessToken)).data.members.map((m) => m.email)).toEqual([owner.email]);
      expect((await me(ctx, member.accessToken)).status).toBe(401);
      expect((await refresh(ctx, member.refreshToken)).status).toBe(401);
      expect((await login(ctx, member.email, member.password)).status).toBe(401);
      const mails = await waitForMail(ctx, member.email, 2);
      expect(mails.map((m) => m.subject)).toContain('You no longer have access to Sage & Thyme Catering on Vowly Pro');
    });

    it('when a team member tries to remove someone, then 403 and nobody is removed', async () => {
      const { owner, member } = await aBusinessWithMember(ctx);

      expectProblem(await remove(member.accessToken, owner.vendor.id), 403);

      expect((await me(ctx, owner.accessToken)).status).toBe(200);
    });

    it('when the owner names themself, a user of another business, or an unknown id, then 409 or 404 and nothing changes', async () => {
      const { owner, member } = await aBusinessWithMember(ctx);
      const stranger = await registerVendor(ctx);

      expectProblem(await remove(owner.accessToken, owner.vendor.id), 409, 'conflict');
      expectProblem(await remove(owner.accessToken, stranger.vendor.id), 404, 'not-found');
      expectProblem(await remove(owner.accessToken, 'f2a7d3c4-6a1b-4c8e-9d0f-1234567890ab'), 404, 'not-found');
      expectProblem(await remove(owner.accessToken, 'not-a-uuid'), 400);

      expect((await me(ctx, stranger.accessToken)).status).toBe(200);
      expect((await me(ctx, member.accessToken)).status).toBe(200);
    });
  });

  describe('POST /api/team/leave', () => {
    it('when a member leaves with their password, then 204, their login ends and the owner is told', async () => {
      const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Marigold Events' });

      const res = await leave(member.accessToken, { password: member.password });

      expect(res.status, JSON.stringify(res.body)).toBe(204);
      expect((await me(ctx, member.accessToken)).status).toBe(401);
      expect((await login(ctx, member.email, member.password)).status).toBe(401);
      expect((await team(owner.accessToken)).data.members).toHaveLength(1);
      const [notice] = await waitForMail(ctx, owner.email);
      expect(notice?.subject).toBe(`${member.email} left your team on Vowly Pro`);
    });

    it('when the password is wrong or missing, then 400 on the password field and the member stays', async () => {
      const { member } = await aBusinessWithMember(ctx);

      expect(errorPaths(expectProblem(await leave(member.accessToken, { password: 'not-my-password-1' }), 400, 'invalid-credentials'))).toEqual(['password']);
      expect(errorPaths(expectProblem(await leave(member.accessToken, {}), 400, 'validation-failed'))).toEqual(['password']);

      expect((await me(ctx, member.accessToken)).status).toBe(200);
    });

    it('when the owner tries to leave, then 409 and the account stays theirs', async () => {
      const owner = await registerVendor(ctx);

      expectProblem(await leave(owner.accessToken, { password: owner.password }), 409, 'conflict');

      expect((await me(ctx, owner.accessToken)).status).toBe(200);
    });

    it('when nobody is signed in, then 401', async () => {
      expectProblem(await agent(ctx).post('/api/team/leave').send({ password: 'whatever-it-is' }), 401);
    });
  });
});
