import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import {
  OTHER_STRONG_PASSWORD,
  agent,
  expectProblem,
  me,
  outboxFor,
  registerVendor,
  tokenFromMail,
  uniqueEmail,
  waitForMail,
  type VendorBody,
} from '../../support/api/http';

const VERIFY_LINK = 'http://127.0.0.1:3000/verify-email/';
const WELCOME = 'Welcome to Vowly Pro: please verify your email';

describe.each(TEST_DATABASES)('email verification on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const verify = (token: string) => agent(ctx).post('/api/account/email/verify').send({ token });
  const resend = (accessToken: string) => agent(ctx).post('/api/account/email/verification').set('Authorization', `Bearer ${accessToken}`);
  const verified = async (accessToken: string) => ((await me(ctx, accessToken)).body as { data: VendorBody }).data.email_verified;

  it('when a vendor registers, then a welcome mail asks to verify the address and the record says it is not verified yet', async () => {
    const vendor = await registerVendor(ctx, { businessName: 'Maple & Crumb' });

    const [welcome] = await outboxFor(ctx, vendor.email, { withWelcome: true });

    expect(welcome?.subject).toBe(WELCOME);
    expect(welcome?.text_body).toContain('Welcome to Vowly Pro, Maple & Crumb!');
    expect(welcome?.text_body).toContain(VERIFY_LINK);
    expect(vendor.vendor.email_verified).toBe(false);
  });

  it('when the link is opened, then the address is verified; the link works once', async () => {
    const vendor = await registerVendor(ctx);
    const [welcome] = await outboxFor(ctx, vendor.email, { withWelcome: true });
    const token = tokenFromMail(welcome!, VERIFY_LINK);

    const res = await verify(token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { email: vendor.email } });
    expect(await verified(vendor.accessToken)).toBe(true);
    expectProblem(await verify(token), 400, 'invalid-token');
  });

  it('when the vendor asks for a new link, then the old one stops working and the new one verifies', async () => {
    const vendor = await registerVendor(ctx);
    const [welcome] = await outboxFor(ctx, vendor.email, { withWelcome: true });

    expect((await resend(vendor.accessToken)).status).toBe(202);
    const [reminder] = await waitForMail(ctx, vendor.email);

    expect(reminder?.subject).toBe('Verify your Vowly Pro email address');
    expectProblem(await verify(tokenFromMail(welcome!, VERIFY_LINK)), 400, 'invalid-token');
    expect((await verify(tokenFromMail(reminder!, VERIFY_LINK))).status).toBe(200);
    expectProblem(await resend(vendor.accessToken), 409, 'conflict');
  });

  it('when the link is older than 7 days, then it no longer verifies', async () => {
    const vendor = await registerVendor(ctx);
    const [welcome] = await outboxFor(ctx, vendor.email, { withWelcome: true });
    ctx.advanceClock(7 * 24 * 60 * 60 * 1000 + 1_000);

    expectProblem(await verify(tokenFromMail(welcome!, VERIFY_LINK)), 400, 'invalid-token');
  });

  it('when a password reset link is used, then the address is verified too (the mail reached it)', async () => {
    const vendor = await registerVendor(ctx);
    await agent(ctx).post('/api/forgot-password').send({ email: vendor.email });
    const [reset] = await waitForMail(ctx, vendor.email);
    expect(
      (
        await agent(ctx)
          .post('/api/reset-password')
          .send({ token: tokenFromMail(reset!, 'http://127.0.0.1:3000/reset-password/'), password: OTHER_STRONG_PASSWORD })
      ).status,
    ).toBe(200);

    const signedIn = await agent(ctx).post('/api/login').send({ email: vendor.email, password: OTHER_STRONG_PASSWORD });
    expect((signedIn.body as { data: { vendor: VendorBody } }).data.vendor.email_verified).toBe(true);
  });

  it('when a team member joins through an invitation, then their address counts as verified', async () => {
    const owner = await registerVendor(ctx);
    const invitee = uniqueEmail('member');
    await agent(ctx).post('/api/team/invitations').set('Authorization', `Bearer ${owner.accessToken}`).send({ email: invitee });
    const [invitation] = await waitForMail(ctx, invitee);

    const joined = await agent(ctx)
      .post('/api/register-with-token')
      .send({ token: tokenFromMail(invitation!, 'http://127.0.0.1:3000/register-with-token/'), password: OTHER_STRONG_PASSWORD });

    expect((joined.body as { data: { vendor: VendorBody } }).data.vendor.email_verified).toBe(true);
  });

  it('when the verification endpoints get a bad body or no session, then 400 or 401', async () => {
    expectProblem(await agent(ctx).post('/api/account/email/verify').send({}), 400, 'validation-failed');
    expectProblem(await agent(ctx).post('/api/account/email/verification'), 401, 'unauthorized');
  });
});
