import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleVerifier } from '../../../server/auth/google-id-token';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, b64url, expectProblem, login, me, registerVendor, uniqueEmail, type SessionBody } from '../../support/api/http';

const CLIENT_ID = '1234567890-vowlytest.apps.googleusercontent.com';
const KID = 'test-key-1';

interface GoogleClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

interface SignOptions {
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
}

/** A JWKS served over HTTP on 127.0.0.1, like Google's certs endpoint. */
async function startJwksServer(jwks: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/oauth2/v3/certs`, server };
}

describe.each(TEST_DATABASES)('Google sign-in on %s', (kind) => {
  let ctx: TestContext;
  let jwks: { url: string; server: Server };
  let googleKey: CryptoKey;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    googleKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
    jwks = await startJwksServer({ keys: [publicJwk] });
    ctx = await createTestContext({
      database: kind,
      google: { verifier: createGoogleVerifier({ clientId: CLIENT_ID, jwksUrl: jwks.url }), clientId: CLIENT_ID },
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => (jwks ? jwks.server.close(() => resolve()) : resolve()));
  });

  /** An ID token as Google would issue it, with overridable claims and signing. */
  function idToken(claims: GoogleClaims, options: SignOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject(claims.sub ?? randomBytes(10).toString('hex'))
      .setIssuedAt(now - 10)
      .setExpirationTime(options.expiresAt ?? now + 3600)
      .sign(options.key ?? googleKey);
  }

  const googleLogin = (token: string) => agent(ctx).post('/api/login/google').send({ idToken: token });
  const newSub = () => `1${randomBytes(8).toString('hex')}`;
  const userRow = (email: string) => ctx.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  it('when a valid ID token of a new verified email signs in, then 200 a session of a new admin account linked to the Google sub', async () => {
    const email = uniqueEmail('google');
    const sub = newSub();

    const res = await googleLogin(await idToken({ sub, email, email_verified: true, name: 'Harbor Lights Venue' }));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data } = res.body as { data: SessionBody };
    expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshExpiresAt', 'refreshToken', 'vendor']);
    expect(data.vendor).toMatchObject({
      email,
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
      business_name: 'Harbor Lights Venue',
      last_completed_step: 0,
    });
    expect((await me(ctx, data.accessToken)).status).toBe(200);
    const user = await userRow(email);
    expect(user).toMatchObject({ id: data.vendor.id, google_sub: sub, password_hash: null, role: 'admin' });
  });

  it('when the same Google account signs in again, then it is the same user, even if its email changed', async () => {
    const sub = newSub();
    const email = uniqueEmail('google');
    const first = (await googleLogin(await idToken({ sub, email, email_verified: true }))).body as { data: SessionBody };

    const second = await googleLogin(await idToken({ sub, email: uniqueEmail('renamed'), email_verified: true }));

    expect(second.status).toBe(200);
    expect((second.body as { data: SessionBody }).data.vendor.id).toBe(first.data.vendor.id);
    const users = await ctx.database.db.selectFrom('users').select('id').where('google_sub', '=', sub).execute();
    expect(users).toHaveLength(1);
  });

  it('when a password account signs in with Google using the same verified email, then the Google account is linked to it', async () => {
    const account = await registerVendor(ctx);
    const sub = newSub();

    const res = await googleLogin(await idToken({ sub, email: account.email, email_verified: true }));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { data: SessionBody }).data.vendor.id).toBe(account.vendor.id);
    expect(await userRow(account.email)).toMatchObject({ id: account.vendor.id, google_sub: sub });
    // The password keeps working.
    expect((await login(ctx, account.email, account.password)).status).toBe(200);
  });

  it('when Google reports the same verified email in another case, then the password account is linked, not duplicated', async () => {
    const account = await registerVendor(ctx);
    const sub = newSub();
    const [local, domain] = account.email.split('@');
    const mixedCase = `${(local ?? '').toUpperCase()}@${(domain ?? '').toUpperCase()}`;

    const res = await googleLogin(await idToken({ sub, email: mixedCase, email_verified: true }));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as { data: SessionBody }).data.vendor.id).toBe(account.vendor.id);
  });

  it('when the email is not verified and matches a password account, then 401 and the account is not linked', async () => {
    const account = await registerVendor(ctx);

    expectProblem(await googleLogin(await idToken({ sub: newSub(), email: account.email, email_verified: false })), 401, 'invalid-credentials');

    expect((await userRow(account.email))?.google_sub).toBeNull();
  });

  it('when the email of a new account is not verified, then 401 and no account is created', async () => {
    const email = uniqueEmail('unverified');
    expectProblem(await googleLogin(await idToken({ sub: newSub(), email, email_verified: false })), 401, 'invalid-credentials');
    expect(await userRow(email)).toBeUndefined();
  });

  it.each<[string, SignOptions]>([
    ['the audience is another client id', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['the issuer is not Google', { issuer: 'https://accounts.evil.example.com' }],
    ['it expired', { expiresAt: Math.floor(Date.now() / 1000) - 600 }],
  ])('when %s, then 401 and no account is created', async (_label, options) => {
    const email = uniqueEmail('rejected');
    const token = await idToken({ sub: newSub(), email, email_verified: true }, options);

    expectProblem(await googleLogin(token), 401, 'invalid-credentials');

    expect(await userRow(email)).toBeUndefined();
  });

  it('when the token is signed by another key with the same key id, then 401', async () => {
    const email = uniqueEmail('forged');
    expectProblem(await googleLogin(await idToken({ sub: newSub(), email, email_verified: true }, { key: otherKey })), 401, 'invalid-credentials');
    expect(await userRow(email)).toBeUndefined();
  });

  it('when the token is signed by a key the JWKS does not know, then 401', async () => {
    const email = uniqueEmail('forged');
    expectProblem(
      await googleLogin(await idToken({ sub: newSub(), email, email_verified: true }, { key: otherKey, kid: 'unknown-kid' })),
      401,
      'invalid-credentials',
    );
    expect(await userRow(email)).toBeUndefined();
  });

  it('when the token is garbage, then 401 problem, never a 500', async () => {
    expectProblem(await googleLogin('x'.repeat(40)), 401, 'invalid-credentials');
  });

  it('when the body has no idToken, then 400 problem', async () => {
    expectProblem(await agent(ctx).post('/api/login/google').send({}), 400, 'validation-failed');
  });

  it('when a Google-only account tries a password sign-in, then the same 401 as a wrong password', async () => {
    const email = uniqueEmail('googleonly');
    expect((await googleLogin(await idToken({ sub: newSub(), email, email_verified: true }))).status).toBe(200);

    const res = await login(ctx, email, 'any-long-password-99');
    const unknown = await login(ctx, uniqueEmail('nobody'), 'any-long-password-99');

    expectProblem(res, 401, 'invalid-credentials');
    expect(res.body).toEqual(unknown.body);
  });

  it('when Google sign-in is configured, then GET /api/auth/options shows the client id', async () => {
    const res = await agent(ctx).get('/api/auth/options');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { googleClientId: CLIENT_ID } });
  });
});

describe.each(TEST_DATABASES)('Google sign-in not configured on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when Google sign-in is not configured, then POST /api/login/google is 404 problem', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: '1234567890',
      email: uniqueEmail(),
      email_verified: true,
      iat: now,
      exp: now + 3600,
    };
    const token = `${b64url({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${b64url(claims)}.${randomBytes(256).toString('base64url')}`;

    expectProblem(await agent(ctx).post('/api/login/google').send({ idToken: token }), 404);
  });

  it('when Google sign-in is not configured, then GET /api/auth/options has no client id', async () => {
    const res = await agent(ctx).get('/api/auth/options');
    expect(res.status).toBe(200);
    expect((res.body as { data: { googleClientId?: string | null } }).data.googleClientId ?? null).toBeNull();
  });
});
