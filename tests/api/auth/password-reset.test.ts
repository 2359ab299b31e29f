import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import {
  OTHER_STRONG_PASSWORD,
  agent,
  errorPaths,
  expectProblem,
  login,
  outboxFor,
  refresh,
  registerVendor,
  settle,
  tokenFromMail,
  uniqueEmail,
  waitForMail,
} from '../../support/api/http';

const RESET_LINK = 'http://127.0.0.1:3000/reset-password/';

describe.each(TEST_DATABASES)('forgot-password and reset-password on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const forgot = (email: string) => agent(ctx).post('/api/forgot-password').send({ email });
  const reset = (token: string, password: string) => agent(ctx).post('/api/reset-password').send({ token, password });

  /** Registers an account, asks for a reset link and returns the token from the mailed link. */
  async function accountWithResetToken() {
    const account = await registerVendor(ctx);
    expect((await forgot(account.email)).status).toBe(202);
    const mails = await waitForMail(ctx, account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    if (!mail) throw new Error('no reset mail');
    return { account, token: tokenFromMail(mail, RESET_LINK), mail };
  }

  it('when a known and an unknown email ask for a reset, then both get the same 202 and only the known one gets a mail with a reset link', async () => {
    const account = await registerVendor(ctx);
    const unknownEmail = uniqueEmail('ghost');

    const known = await forgot(account.email);
    const unknown = await forgot(unknownEmail);

    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    const mails = await waitForMail(ctx, account.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.text_body).toMatch(/http:\/\/127\.0\.0\.1:3000\/reset-password\/[A-Za-z0-9_-]{43,}/);
    expect(mail?.html_body).toContain(RESET_LINK);
    await settle();
    expect(await outboxFor(ctx, unknownEmail)).toHaveLength(0);
  });

  it('when the reset link is requested through the dev outbox JSON, then it lists the same mail, newest first (before the welcome mail)', async () => {
    const { account, token } = await accountWithResetToken();

    const res = await agent(ctx).get('/dev/outbox.json').query({ to: account.email.toUpperCase() });

    expect(res.status).toBe(200);
    const body = res.body as { data: { to_address: string; subject: string; text_body: string }[] };
    expect(body.data.map((mail) => mail.subject)).toEqual(['Reset your Vowly Pro password', 'Welcome to Vowly Pro: please verify your email']);
    expect(body.data[0]?.text_body).toContain(`${RESET_LINK}${token}`);
  });

  it('when the request has a forged Host header, then the link still uses PUBLIC_URL', async () => {
    const account = await registerVendor(ctx);

    await agent(ctx).post('/api/forgot-password').set('Host', 'evil.example.com').set('X-Forwarded-Host', 'evil.example.com').send({ email: account.email });

    const [mail] = await waitForMail(ctx, account.email);
    expect(mail?.text_body).toContain(RESET_LINK);
    expect(`${mail?.text_body}${mail?.html_body}`).not.toContain('evil.example.com');
  });

  it('when forgot-password gets an invalid email, then 400 problem with the seed message', async () => {
    const body = expectProblem(await forgot('not-an-email'), 400, 'validation-failed');
    expect(body.errors).toContainEqual({ path: 'email', message: 'Invalid email address' });
  });

  it('when the mailed token resets the password, then 200, the new password signs in and the old one fails', async () => {
    const { account, token } = await accountWithResetToken();

    const res = await reset(token, OTHER_STRONG_PASSWORD);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ data: { message: expect.any(String) } });
    expect((await login(ctx, account.email, OTHER_STRONG_PASSWORD)).status).toBe(200);
    expectProblem(await login(ctx, account.email, account.password), 401, 'invalid-credentials');
    const user = await ctx.database.db.selectFrom('users').select('password_hash').where('email', '=', account.email).executeTakeFirst();
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('when a used reset token is sent again, then 400 problem invalid-token and the password stays', async () => {
    const { account, token } = await accountWithResetToken();
    expect((await reset(token, OTHER_STRONG_PASSWORD)).status).toBe(200);

    const again = await reset(token, 'yet-another-phrase-31');

    expectProblem(again, 400, 'invalid-token');
    expect((await login(ctx, account.email, OTHER_STRONG_PASSWORD)).status).toBe(200);
    expect((await login(ctx, account.email, 'yet-another-phrase-31')).status).toBe(401);
  });

  it('when the reset token is older than one hour, then 400 invalid-token and the old password still works', async () => {
    const { account, token } = await accountWithResetToken();

    ctx.advanceClock(61 * 60 * 1000);

    expectProblem(await reset(token, OTHER_STRONG_PASSWORD), 400, 'invalid-token');
    expect((await login(ctx, account.email, account.password)).status).toBe(200);
  });

  it('when the reset token is 59 minutes old, then it still works', async () => {
    const { token } = await accountWithResetToken();

    ctx.advanceClock(59 * 60 * 1000);

    expect((await reset(token, OTHER_STRONG_PASSWORD)).status).toBe(200);
  });

  it('when the token is unknown, then 400 invalid-token with an error on token', async () => {
    const body = expectProblem(await reset(randomBytes(32).toString('base64url'), OTHER_STRONG_PASSWORD), 400, 'invalid-token');
    expect(errorPaths(body)).toContain('token');
  });

  it('when the password is reset, then every session that existed before ends', async () => {
    const { account, token } = await accountWithResetToken();
    const secondSession = ((await login(ctx, account.email, account.password)).body as { data: { refreshToken: string } }).data.refreshToken;

    expect((await reset(token, OTHER_STRONG_PASSWORD)).status).toBe(200);

    expectProblem(await refresh(ctx, account.refreshToken), 401, 'unauthorized');
    expectProblem(await refresh(ctx, secondSession), 401, 'unauthorized');
    const open = await ctx.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', account.vendor.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toHaveLength(0);
  });

  it('when the password is reset, then access tokens issued before it are refused at once, and new sign-ins work', async () => {
    const { account, token } = await accountWithResetToken();
    const me = (accessToken: string) => agent(ctx).get('/api/vendor/me').set('Authorization', `Bearer ${accessToken}`);
    expect((await me(account.accessToken)).status).toBe(200);
    ctx.advanceClock(2_000);

    expect((await reset(token, OTHER_STRONG_PASSWORD)).status).toBe(200);

    expectProblem(await me(account.accessToken), 401, 'unauthorized');
    const fresh = (await login(ctx, account.email, OTHER_STRONG_PASSWORD)).body as { data: { accessToken: string } };
    expect((await me(fresh.data.accessToken)).status).toBe(200);
  });

  it('when a second link was requested, then using one makes the other stop working', async () => {
    const account = await registerVendor(ctx);
    await forgot(account.email);
    await waitForMail(ctx, account.email, 1);
    await forgot(account.email);
    const mails = await waitForMail(ctx, account.email, 2);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => tokenFromMail(m, RESET_LINK));

    expect((await reset(second ?? '', OTHER_STRONG_PASSWORD)).status).toBe(200);

    expectProblem(await reset(first ?? '', 'yet-another-phrase-31'), 400, 'invalid-token');
  });

  it.each([
    ['too short', 'x7#kq2'],
    ['common', 'password123'],
  ])('when the new password is weak (%s), then 400 with an error on password and the token stays usable', async (_label, weak) => {
    const { account, token } = await accountWithResetToken();

    const res = await reset(token, weak);

    const body = expectProblem(res, 400, 'validation-failed');
    expect(errorPaths(body)).toEqual(['password']);
    expect((await login(ctx, account.email, account.password)).status).toBe(200);
    expect((await reset(token, OTHER_STRONG_PASSWORD)).status).toBe(200);
  });

  it("when the new password contains the account's email local part, then 400 with an error on password", async () => {
    const { account, token } = await accountWithResetToken();
    const local = account.email.split('@')[0] ?? '';

    const body = expectProblem(await reset(token, `${local}-2025`), 400, 'validation-failed');

    expect(errorPaths(body)).toEqual(['password']);
  });

  it('when reset links are issued, then the password_resets table stores only hashes of the tokens', async () => {
    const { account, token } = await accountWithResetToken();

    const rows = await ctx.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', account.vendor.id).execute();

    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when the reset body has an unknown key, then 400 problem', async () => {
    const res = await agent(ctx)
      .post('/api/reset-password')
      .send({ token: randomBytes(32).toString('base64url'), password: OTHER_STRONG_PASSWORD, email: 'x@example.com' });
    expectProblem(res, 400, 'validation-failed');
  });
});
