import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { errorPaths, expectProblem, login, me, outboxFor, registerVendor, tokenFromMail, uniqueEmail, waitForMail } from '../../support/api/http';
import { CONFIRM_EMAIL_LINK, accountApi } from './support';
import { aBusinessWithMember } from '../../support/api/builders';

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DATABASES)('email change on %s', (kind) => {
  let ctx: TestContext;
  let api: ReturnType<typeof accountApi>;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    api = accountApi(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** An owner who asked to move to a fresh address; returns the token of the mailed link. */
  async function ownerWithPendingChange() {
    const owner = await registerVendor(ctx);
    const newEmail = uniqueEmail('moved');
    const res = await api.changeEmail(owner.accessToken, { newEmail, password: owner.password });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [mail] = await waitForMail(ctx, newEmail);
    if (!mail) throw new Error('no confirmation mail');
    return { owner, newEmail, res, mail, token: tokenFromMail(mail, CONFIRM_EMAIL_LINK) };
  }

  it('when a change is asked, then 202, a confirmation link goes to the new address and a notice to the old one, and the email stays as it was', async () => {
    const { owner, newEmail, res, mail, token } = await ownerWithPendingChange();

    expect(res.body).toEqual({ data: { email: newEmail, expiresAt: expect.any(Number) } });
    expect(mail.subject).toBe('Confirm your new Vowly Pro email address');
    expect(mail.text_body).toContain(`${CONFIRM_EMAIL_LINK}${token}`);
    expect(mail.html_body).toContain(`${CONFIRM_EMAIL_LINK}${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const notices = await outboxFor(ctx, owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Your Vowly Pro email address is about to change');
    expect(notices[0]?.text_body).toContain(newEmail);
    expect(notices[0]?.text_body).not.toContain(token);

    expect((await me(ctx, owner.accessToken)).body).toMatchObject({ data: { email: owner.email } });
    expectProblem(await login(ctx, newEmail, owner.password), 401);
  });

  it('when a change is asked, then only the hash of the token is stored, with a 24-hour expiry', async () => {
    const { owner, token } = await ownerWithPendingChange();

    const rows = await ctx.database.db.selectFrom('email_changes').selectAll().where('user_id', '=', owner.vendor.id).execute();

    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Number(rows[0]?.expires_at) - Number(rows[0]?.created_at)).toBe(24 * HOUR);
  });

  it('when the link is used, then 200 and the account signs in with the new email only; /me shows it', async () => {
    const { owner, newEmail, token } = await ownerWithPendingChange();

    const res = await api.confirmEmail(token);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ data: { email: newEmail } });
    expect((await me(ctx, owner.accessToken)).body).toMatchObject({ data: { email: newEmail, business_name: owner.vendor.business_name } });
    expect((await login(ctx, newEmail, owner.password)).status).toBe(200);
    expectProblem(await login(ctx, owner.email, owner.password), 401, 'invalid-credentials');
  });

  it('when the link is used twice, then the second use is 400 invalid-token', async () => {
    const { token } = await ownerWithPendingChange();
    expect((await api.confirmEmail(token)).status).toBe(200);

    const body = expectProblem(await api.confirmEmail(token), 400, 'invalid-token');

    expect(errorPaths(body)).toEqual(['token']);
  });

  it('when the link is used after 24 hours, then 400 invalid-token and the email is unchanged', async () => {
    const { owner, token } = await ownerWithPendingChange();
    ctx.advanceClock(24 * HOUR + 60_000);

    expectProblem(await api.confirmEmail(token), 400, 'invalid-token');

    const user = await ctx.database.db.selectFrom('users').select('email').where('id', '=', owner.vendor.id).executeTakeFirstOrThrow();
    expect(user.email).toBe(owner.email);
  });

  it('when the link is used within 24 hours, then it still works', async () => {
    const { token } = await ownerWithPendingChange();
    ctx.advanceClock(23 * HOUR);

    expect((await api.confirmEmail(token)).status).toBe(200);
  });

  it('when a newer change is asked, then the older link stops working and the newer one wins', async () => {
    const { owner, token: first } = await ownerWithPendingChange();
    const second = uniqueEmail('second');
    expect((await api.changeEmail(owner.accessToken, { newEmail: second, password: owner.password })).status).toBe(202);
    const [mail] = await waitForMail(ctx, second);
    if (!mail) throw new Error('no second confirmation mail');

    expectProblem(await api.confirmEmail(first), 400, 'invalid-token');
    expect((await api.confirmEmail(tokenFromMail(mail, CONFIRM_EMAIL_LINK))).body).toEqual({ data: { email: second } });
  });

  it('when the new address got taken before the link is used, then 409 email-taken and the email is unchanged', async () => {
    const { owner, newEmail, token } = await ownerWithPendingChange();
    await registerVendor(ctx, { email: newEmail });

    expectProblem(await api.confirmEmail(token), 409, 'email-taken');

    expect((await me(ctx, owner.accessToken)).body).toMatchObject({ data: { email: owner.email } });
  });

  it('when the new address already has an account, then 409 on newEmail and no link is sent', async () => {
    const owner = await registerVendor(ctx);
    const other = await registerVendor(ctx);

    const body = expectProblem(await api.changeEmail(owner.accessToken, { newEmail: other.email.toUpperCase(), password: owner.password }), 409, 'email-taken');

    expect(errorPaths(body)).toEqual(['newEmail']);
    expect((await outboxFor(ctx, other.email)).map((m) => m.subject)).not.toContain('Confirm your new Vowly Pro email address');
  });

  it('when the password is wrong, then 400 on password and nothing is stored or sent', async () => {
    const owner = await registerVendor(ctx);
    const newEmail = uniqueEmail('never');

    const body = expectProblem(await api.changeEmail(owner.accessToken, { newEmail, password: 'not-the-password-9' }), 400, 'invalid-credentials');

    expect(errorPaths(body)).toEqual(['password']);
    expect(await outboxFor(ctx, newEmail)).toEqual([]);
    expect(await ctx.database.db.selectFrom('email_changes').select('id').where('user_id', '=', owner.vendor.id).execute()).toEqual([]);
  });

  it.each([
    ['an invalid address', { newEmail: 'not-an-email' }, ['newEmail']],
    ['no address', { newEmail: '' }, ['newEmail']],
    ['no password', { password: undefined }, ['password']],
    ['a number as address', { newEmail: 42 }, ['newEmail']],
  ])('when the request has %s, then 400 problem with the field error', async (_label, override, paths) => {
    const owner = await registerVendor(ctx);

    const body = expectProblem(
      await api.changeEmail(owner.accessToken, { newEmail: uniqueEmail('x'), password: owner.password, ...override }),
      400,
      'validation-failed',
    );

    expect([...new Set(errorPaths(body))]).toEqual(paths);
  });

  it('when the new address is the current one, then 400 on newEmail', async () => {
    const owner = await registerVendor(ctx);

    const body = expectProblem(await api.changeEmail(owner.accessToken, { newEmail: owner.email, password: owner.password }), 400, 'validation-failed');

    expect(errorPaths(body)).toEqual(['newEmail']);
  });

  it('when an unknown or malformed token is sent, then 400 problem on token', async () => {
    expect(errorPaths(expectProblem(await api.confirmEmail(randomBytes(32).toString('base64url')), 400, 'invalid-token'))).toEqual(['token']);
    expect(errorPaths(expectProblem(await api.confirmEmail('short'), 400, 'validation-failed'))).toEqual(['token']);
    expect(errorPaths(expectProblem(await api.confirmEmail(undefined), 400, 'validation-failed'))).toEqual(['token']);
  });

  it('when there is no bearer token, then asking for a change is 401 problem', async () => {
    expectProblem(await api.changeEmail('', { newEmail: uniqueEmail(), password: 'whatever-long-1' }), 401, 'unauthorized');
  });

  it('when a team member changes their own email, then only their address changes', async () => {
    const { owner, member } = await aBusinessWithMember(ctx);
    const newEmail = uniqueEmail('member-moved');

    expect((await api.changeEmail(member.accessToken, { newEmail, password: member.password })).status).toBe(202);
    const [mail] = await waitForMail(ctx, newEmail);
    if (!mail) throw new Error('no confirmation mail');
    expect((await api.confirmEmail(tokenFromMail(mail, CONFIRM_EMAIL_LINK))).status).toBe(200);

    expect((await me(ctx, member.accessToken)).body).toMatchObject({ data: { email: newEmail, role: 'client' } });
    expect((await me(ctx, owner.accessToken)).body).toMatchObject({ data: { email: owner.email, role: 'admin' } });
  });
});
