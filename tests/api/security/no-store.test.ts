import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { STRONG_PASSWORD, agent, registerVendor, uniqueEmail } from '../../support/api/http';
import { onboardingData } from '../../support/api/forms';

describe('caching of answers that carry tokens or personal data', () => {
  let ctx: TestContext;
  let session: Awaited<ReturnType<typeof registerVendor>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    session = await registerVendor(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const bearer = () => `Bearer ${session.accessToken}`;

  it('when a vendor registers or signs in, then the answer with their tokens is Cache-Control: no-store', async () => {
    const registered = await agent(ctx).post('/api/register').send({ email: uniqueEmail(), password: STRONG_PASSWORD, businessName: 'Cache Cakes' });
    expect(registered.status).toBe(201);
    expect(registered.headers['cache-control']).toBe('no-store');

    const signedIn = await agent(ctx).post('/api/login').send({ email: session.email, password: STRONG_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });

  it('when the team, an invitation, a form save or the notification settings are answered, then each is no-store', async () => {
    const answers = {
      'GET /api/team': await agent(ctx).get('/api/team').set('Authorization', bearer()),
      'POST /api/team/invitations': await agent(ctx)
        .post('/api/team/invitations')
        .set('Authorization', bearer())
        .send({ email: uniqueEmail('invitee') }),
      'PUT /api/vendor/forms/new-user-step-1': await agent(ctx).put('/api/vendor/forms/new-user-step-1').set('Authorization', bearer()).send(onboardingData()),
      'GET /api/account/notifications': await agent(ctx).get('/api/account/notifications').set('Authorization', bearer()),
      'PUT /api/account/notifications': await agent(ctx)
        .put('/api/account/notifications')
        .set('Authorization', bearer())
        .send({ newMatches: true, messages: true, reviews: true, weeklySummary: false, channel: 'email' }),
    };
    for (const [call, res] of Object.entries(answers)) {
      expect(res.status, `${call}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      expect(res.headers['cache-control'], call).toBe('no-store');
    }
  });

  it('when an invitation link is looked up, then the answer (the invitee and the business) is no-store', async () => {
    const res = await agent(ctx).get('/api/invitations/not-a-real-token-but-long-enough');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when public config is fetched, then it stays cacheable with revalidation (no-cache + ETag)', async () => {
    const res = await agent(ctx).get('/api/config/app');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
  });
});
