import type { TestContext } from '../../support/api/test-app';
import { agent } from '../../support/api/http';

/** Helpers of the account API suites only (not a test file). */

export const CONFIRM_EMAIL_LINK = 'http://127.0.0.1:3000/confirm-email/';

/** Authenticated calls to the account endpoints. */
export function accountApi(ctx: TestContext) {
  const bearer = (accessToken: string) => `Bearer ${accessToken}`;
  return {
    changePassword: (accessToken: string, body: unknown) =>
      agent(ctx)
        .post('/api/account/password')
        .set('Authorization', bearer(accessToken))
        .send(body as object),
    changeEmail: (accessToken: string, body: unknown) =>
      agent(ctx)
        .post('/api/account/email')
        .set('Authorization', bearer(accessToken))
        .send(body as object),
    confirmEmail: (token: unknown) => agent(ctx).post('/api/account/email/confirm').send({ token }),
    getNotifications: (accessToken: string) => agent(ctx).get('/api/account/notifications').set('Authorization', bearer(accessToken)),
    putNotifications: (accessToken: string, body: unknown) =>
      agent(ctx)
        .put('/api/account/notifications')
        .set('Authorization', bearer(accessToken))
        .send(body as object),
    deleteAccount: (accessToken: string, body: unknown) =>
      agent(ctx)
        .delete('/api/account')
        .set('Authorization', bearer(accessToken))
        .send(body as object),
  };
}

/** Access tokens carry `iat` in whole seconds: moving the clock past the second keeps "issued before" unambiguous. */
export function nextSecond(ctx: TestContext): void {
  ctx.advanceClock(1_000);
}
