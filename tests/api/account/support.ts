import { expect } from 'vitest';
import type { TestContext } from '../../helpers/test-app';
import { OTHER_STRONG_PASSWORD, agent, registerVendor, tokenFromMail, uniqueEmail, waitForMail, type SessionBody } from '../auth/support';

/** Shared helpers of the account API suites (not a test file). */

export const CONFIRM_EMAIL_LINK = 'http://127.0.0.1:3000/confirm-email/';
const INVITE_LINK = 'http://127.0.0.1:3000/register-with-token/';

/** Authenticated calls to the account endpoints. */
export function accountApi(ctx: TestContext) {
  const bearer = (accessToken: string) => `Bearer ${accessToken}`;
  return {
    changePassword: (accessToken: string, body: unknown) => agent(ctx).post('/api/account/password').set('Authorization', bearer(accessToken)).send(body as object),
    changeEmail: (accessToken: string, body: unknown) => agent(ctx).post('/api/account/email').set('Authorization', bearer(accessToken)).send(body as object),
    confirmEmail: (token: unknown) => agent(ctx).post('/api/account/email/confirm').send({ token }),
    getNotifications: (accessToken: string) => agent(ctx).get('/api/account/notifications').set('Authorization', bearer(accessToken)),
    putNotifications: (accessToken: string, body: unknown) => agent(ctx).put('/api/account/notifications').set('Authorization', bearer(accessToken)).send(body as object),
    deleteAccount: (accessToken: string, body: unknown) => agent(ctx).delete('/api/account').set('Authorization', bearer(accessToken)).send(body as object),
  };
}

/** An owner and a team member of the same business (the member joined through an invitation). */
export async function ownerWithMember(ctx: TestContext, businessName = 'Bluebell Florals') {
  const owner = await registerVendor(ctx, { businessName });
  const memberEmail = uniqueEmail('member');
  const invited = await agent(ctx).post('/api/team/invitations').set('Authorization', `Bearer ${owner.accessToken}`).send({ email: memberEmail });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const [mail] = await waitForMail(ctx, memberEmail);
  if (!mail) throw new Error('no invitation mail');
  const joined = await agent(ctx).post('/api/register-with-token').send({ token: tokenFromMail(mail, INVITE_LINK), password: OTHER_STRONG_PASSWORD });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  return { owner, member: { ...(joined.body as { data: SessionBody }).data, email: memberEmail, password: OTHER_STRONG_PASSWORD } };
}

/** Access tokens carry `iat` in whole seconds: moving the clock past the second keeps "issued before" unambiguous. */
export function nextSecond(ctx: TestContext): void {
  ctx.advanceClock(1_000);
}
