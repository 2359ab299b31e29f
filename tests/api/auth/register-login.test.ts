import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import {
  STRONG_PASSWORD,
  agent,
  errorPaths,
  expectProblem,
  login,
  me,
  median,
  registerVendor,
  uniqueEmail,
  type SessionBody,
  type VendorBody,
} from '../../support/api/http';

describe.each(TEST_DATABASES)('register, login and /api/vendor/me on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // The servers' password cost: the stored hash's parameters and the timing of a wrong password are what this suite checks.
    ctx = await createTestContext({ database: kind, serverPasswordCost: true });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const countUsers = async (email: string) => (await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;
  const countVendors = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('vendors')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /api/register', () => {
    it('when a vendor registers with valid data, then 201 returns a session with an admin vendor record', async () => {
      const local = `Mixed.Case.${Date.now()}`;
      const res = await agent(ctx)
        .post('/api/register')
        .send({ email: `${local}@Example.COM`, password: STRONG_PASSWORD, businessName: 'Bloom & Petal Florists' });

      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const { data } = res.body as { data: SessionBody };
      expect(Object.keys(res.body as object)).toEqual(['data']);
      expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshExpiresAt', 'refreshToken', 'vendor']);
      expect(data.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(typeof data.refreshToken).toBe('string');
      expect(data.refreshToken.length).toBeGreaterThanOrEqual(43);
      expect(data.vendor).toMatchObject({
        email: `${local.toLowerCase()}@example.com`,
        role: 'admin',
        ability: [{ action: 'manage', subject: 'all' }],
        business_name: 'Bloom & Petal Florists',
        last_completed_step: 0,
        category: [],
      });
      expect(data.vendor.ability).toEqual([{ action: 'manage', subject: 'all' }]);
    });

    it('when a vendor registers, then a users row and a vendors row are stored with an argon2id hash, never the password', async () => {
      const email = uniqueEmail('stored');
      const { vendor } = await registerVendor(ctx, { email, businessName: 'Stored Rows Bakery' });

      const user = await ctx.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      expect(user).toBeDefined();
      expect(user).toMatchObject({ id: vendor.id, vendor_id: vendor.vendor_id, email, role: 'admin' });
      // argon2id at OWASP's m=19 MiB, t=2, one lane: what every server hashes with.
      expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(user?.password_hash).not.toContain(STRONG_PASSWORD);

      const row = await ctx.database.db.selectFrom('vendors').selectAll().where('id', '=', vendor.vendor_id).executeTakeFirst();
      expect(row).toMatchObject({ business_name: 'Stored Rows Bakery', last_completed_step: 0 });

      // The plain password appears in no column of any account table.
      for (const table of ['users', 'vendors', 'refresh_tokens'] as const) {
        const rows = await ctx.database.db.selectFrom(table).selectAll().execute();
        expect(JSON.stringify(rows)).not.toContain(STRONG_PASSWORD);
      }
    });

    it('when the email is invalid, then 400 problem with the seed validator message on email and nothing is stored', async () => {
      const before = await countVendors();
      const res = await agent(ctx).post('/api/register').send({ email: 'not-an-email', password: STRONG_PASSWORD, businessName: 'Nowhere Events' });

      const body = expectProblem(res, 400, 'validation-failed');
      expect(body.errors).toContainEqual({ path: 'email', message: 'Invalid email address' });
      expect(await countVendors()).toBe(before);
    });

    it('when the email has no top-level domain, then 400 with "Invalid email address"', async () => {
      const res = await agent(ctx).post('/api/register').send({ email: 'someone@localhost', password: STRONG_PASSWORD, businessName: 'Nowhere Events' });
      const body = expectProblem(res, 400);
      expect(body.errors).toContainEqual({ path: 'email', message: 'Invalid email address' });
    });

    it('when the password is shorter than 8 characters, then 400 with an error on password and no account', async () => {
      const email = uniqueEmail('short');
      const res = await agent(ctx).post('/api/register').send({ email, password: 'x7#kq2', businessName: 'Short Password Co' });

      const body = expectProblem(res, 400);
      expect(errorPaths(body)).toContain('password');
      expect(body.errors?.find((e) => e.path === 'password')?.message).toMatch(/8/);
      expect(await countUsers(email)).toBe(0);
    });

    it('when businessName is missing, then 400 with an error on businessName', async () => {
      const email = uniqueEmail('nobiz');
      const res = await agent(ctx).post('/api/register').send({ email, password: STRONG_PASSWORD });

      const body = expectProblem(res, 400);
      expect(errorPaths(body)).toContain('businessName');
      expect(await countUsers(email)).toBe(0);
    });

    it('when the body has an unknown extra key, then 400 and no account', async () => {
      const email = uniqueEmail('extra');
      const res = await agent(ctx).post('/api/register').send({ email, password: STRONG_PASSWORD, businessName: 'Extra Keys Ltd', role: 'admin' });

      const body = expectProblem(res, 400, 'validation-failed');
      expect(body.errors?.length).toBeGreaterThan(0);
      expect(await countUsers(email)).toBe(0);
    });

    it.each(['password123', 'iloveyou1', 'PassWord123'])(
      'when the password is the common password %s, then 400 with an error on password',
      async (password) => {
        const email = uniqueEmail('common');
        const res = await agent(ctx).post('/api/register').send({ email, password, businessName: 'Common Password Co' });

        const body = expectProblem(res, 400);
        expect(errorPaths(body)).toEqual(['password']);
        expect(body.errors?.[0]?.message).toMatch(/common/i);
        expect(await countUsers(email)).toBe(0);
      },
    );

    it("when the password contains the email's local part, then 400 with an error on password", async () => {
      const email = uniqueEmail('jessica');
      const local = email.split('@')[0] ?? '';
      const res = await agent(ctx)
        .post('/api/register')
        .send({ email, password: `${local.toUpperCase()}!2024`, businessName: 'Jessica Weddings' });

      const body = expectProblem(res, 400);
      expect(errorPaths(body)).toEqual(['password']);
      expect(await countUsers(email)).toBe(0);
    });

    it('when the body is not JSON, then 400 problem, never a 500', async () => {
      const res = await agent(ctx).post('/api/register').set('Content-Type', 'application/json').send('{"email":');
      expectProblem(res, 400);
    });

    it('when the email is already registered in another case, then 409 with an error on email and nothing new is stored', async () => {
      const email = uniqueEmail('dup');
      await registerVendor(ctx, { email });
      const vendorsBefore = await countVendors();

      const res = await agent(ctx)
        .post('/api/register')
        .send({ email: email.toUpperCase(), password: 'another-long-phrase-77', businessName: 'Copycat Catering' });

      const body = expectProblem(res, 409, 'email-taken');
      expect(errorPaths(body)).toContain('email');
      expect(await countUsers(email)).toBe(1);
      expect(await countVendors()).toBe(vendorsBefore);
      // The original password still signs in.
      expect((await login(ctx, email, STRONG_PASSWORD)).status).toBe(200);
    });
  });

  describe('first visit', () => {
    it('when a vendor has just signed up, then the record says first_visit; once they sign in again, every session says they are back', async () => {
      const account = await registerVendor(ctx, { businessName: 'First Visit Florals' });
      expect(account.vendor.first_visit).toBe(true);
      expect(((await me(ctx, account.accessToken)).body as { data: VendorBody }).data.first_visit).toBe(true);

      const again = await login(ctx, account.email, STRONG_PASSWORD);

      expect((again.body as { data: SessionBody }).data.vendor.first_visit).toBe(false);
      expect(((await me(ctx, account.accessToken)).body as { data: VendorBody }).data.first_visit).toBe(false);
      const row = await ctx.database.db.selectFrom('users').select('sign_in_count').where('id', '=', account.vendor.id).executeTakeFirstOrThrow();
      expect(Number(row.sign_in_count)).toBe(2);
    });

    it('when a vendor refreshes their session, then it is not a new visit', async () => {
      const account = await registerVendor(ctx, { businessName: 'Refreshing Cakes' });
      const refreshed = await agent(ctx).post('/jwt/refresh-token').send({ refreshToken: account.refreshToken });
      expect(refreshed.status).toBe(200);
      const { accessToken } = (refreshed.body as { data: { accessToken: string } }).data;
      expect(((await me(ctx, accessToken)).body as { data: VendorBody }).data.first_visit).toBe(true);
    });
  });

  describe('POST /api/login', () => {
    it('when the credentials are right, then 200 returns the same session shape as register', async () => {
      const account = await registerVendor(ctx, { businessName: 'Login Happy Path' });

      const res = await login(ctx, account.email.toUpperCase(), account.password);

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { data } = res.body as { data: SessionBody };
      expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshExpiresAt', 'refreshToken', 'vendor']);
      expect(data.refreshToken).not.toBe(account.refreshToken);
      expect(data.vendor).toEqual({ ...account.vendor, first_visit: false });
      expect((await me(ctx, data.accessToken)).status).toBe(200);
    });

    it('when the email is unknown or the password wrong, then the status and the body are identical', async () => {
      const account = await registerVendor(ctx);

      const unknown = await login(ctx, uniqueEmail('nobody'), account.password);
      const wrong = await login(ctx, account.email, 'not-the-right-password-1');

      expectProblem(unknown, 401, 'invalid-credentials');
      expect(wrong.status).toBe(unknown.status);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
    });

    it('when the email is unknown or the password wrong, then both take similar time (both verify an argon2 hash)', async () => {
      const account = await registerVendor(ctx);
      const time = async (email: string) => {
        const start = performance.now();
        const res = await login(ctx, email, 'not-the-right-password-1');
        expect(res.status).toBe(401);
        return performance.now() - start;
      };
      // Warm up (the dummy hash for unknown emails is computed once).
      await time(uniqueEmail('warm'));
      await time(account.email);

      const unknown: number[] = [];
      const wrong: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        unknown.push(await time(uniqueEmail('nobody')));
        wrong.push(await time(account.email));
      }
      const [u, w] = [median(unknown), median(wrong)];
      expect(u).toBeGreaterThan(5);
      expect(w).toBeGreaterThan(5);
      expect(Math.max(u, w) / Math.min(u, w)).toBeLessThan(3);
    });

    it('when the login body is invalid, then 400 problem with field errors', async () => {
      const res = await agent(ctx).post('/api/login').send({ email: 'nope', password: '' });
      const body = expectProblem(res, 400, 'validation-failed');
      expect(errorPaths(body)).toEqual(expect.arrayContaining(['email', 'password']));
    });
  });

  describe('GET /api/vendor/me', () => {
    it('when called with the access token, then 200 returns the vendor record', async () => {
      const account = await registerVendor(ctx, { businessName: 'Me Endpoint Studio' });

      const res = await me(ctx, account.accessToken);

      expect(res.status).toBe(200);
      const body = res.body as { data: VendorBody };
      expect(Object.keys(body)).toEqual(['data']);
      expect(body.data).toEqual(account.vendor);
      expect(body.data).toMatchObject({ email: account.email, role: 'admin', business_name: 'Me Endpoint Studio' });
      expect(body.data.public_profile_path).toBe(`/vendor-profile/${account.vendor.vendor_id}/me-endpoint-studio`);
    });

    it('when called without a bearer token, then 401 problem with WWW-Authenticate', async () => {
      const res = await agent(ctx).get('/api/vendor/me');
      expectProblem(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it.each([
      ['a malformed bearer', 'Bearer not-a-jwt'],
      ['an empty bearer', 'Bearer '],
      ['another scheme', 'Basic dXNlcjpwYXNz'],
      ['a JWT-looking garbage token', 'Bearer aaa.bbb.ccc'],
    ])('when called with %s, then 401 problem with WWW-Authenticate', async (_label, header) => {
      const res = await agent(ctx).get('/api/vendor/me').set('Authorization', header);
      expectProblem(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });
  });
});
