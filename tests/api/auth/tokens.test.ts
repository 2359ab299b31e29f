import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, b64url, expectProblem, login, me, refresh, registerVendor, type SessionBody } from '../../support/api/http';

const DAY_MS = 86_400_000;

interface RefreshBody {
  data: { accessToken: string; refreshToken: string };
}

describe.each(TEST_DATABASES)('refresh tokens and access tokens on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** Signs an access-token-like JWT with the context's secret unless told otherwise. */
  async function forge(
    subject: SessionBody,
    options: { secret?: Uint8Array; audience?: string; issuer?: string; typ?: string; exp?: number; alg?: 'HS256' | 'HS512' } = {},
  ): Promise<string> {
    const { tokens } = ctx;
    // The server judges tokens by its own (test-advanced) clock.
    const now = Math.floor(ctx.clock.now() / 1000);
    // The genuine token's session, so only the property under test differs.
    const { sid } = decodeJwt(subject.accessToken);
    return new SignJWT({ vid: subject.vendor.vendor_id, role: subject.vendor.role, sid })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? 'at+jwt' })
      .setSubject(subject.vendor.id)
      .setIssuer(options.issuer ?? tokens.issuer)
      .setAudience(options.audience ?? tokens.audience)
      .setIssuedAt(now - 60)
      .setExpirationTime(options.exp ?? now + 600)
      .setJti(randomBytes(8).toString('hex'))
      .sign(options.secret ?? tokens.secret);
  }

  describe('POST /jwt/refresh-token', () => {
    it('when a refresh token is used, then 200 returns a new access and refresh token and the old refresh token stops working', async () => {
      const account = await registerVendor(ctx);

      const res = await refresh(ctx, account.refreshToken);

      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['cache-control']).toMatch(/no-store/);
      const { data } = res.body as RefreshBody;
      expect(Object.keys(data).sort()).toEqual(['accessToken', 'refreshExpiresAt', 'refreshToken']);
      expect(data.refreshToken).not.toBe(account.refreshToken);
      expect(data.accessToken).not.toBe(account.accessToken);
      const meRes = await me(ctx, data.accessToken);
      expect(meRes.status).toBe(200);
      expect((meRes.body as { data: { id: string } }).data.id).toBe(account.vendor.id);

      expectProblem(await refresh(ctx, account.refreshToken), 401, 'unauthorized');
    });

    it('when a rotated refresh token is reused, then 401 and the newest token of its family is revoked too, while another session keeps working', async () => {
      const account = await registerVendor(ctx);
      const otherSession = (await login(ctx, account.email, account.password)).body as { data: SessionBody };

      const first = await refresh(ctx, account.refreshToken);
      expect(first.status).toBe(200);
      const newest = (first.body as RefreshBody).data.refreshToken;

      // A thief replays the rotated token.
      expectProblem(await refresh(ctx, account.refreshToken), 401, 'unauthorized');
      // The legitimate holder's newest token is gone with the family.
      expectProblem(await refresh(ctx, newest), 401, 'unauthorized');

      const rows = await ctx.database.db.selectFrom('refresh_tokens').select(['family_id', 'revoked_at']).where('user_id', '=', account.vendor.id).execute();
      const families = new Map<string, (number | null)[]>();
      for (const row of rows) families.set(row.family_id, [...(families.get(row.family_id) ?? []), row.revoked_at]);
      expect(families.size).toBe(2);
      const states = [...families.values()].map((revoked) => revoked.every((r) => r !== null));
      expect(states.sort()).toEqual([false, true]);

      // The second login is another family: untouched.
      const other = await refresh(ctx, otherSession.data.refreshToken);
      expect(other.status).toBe(200);
    });

    it('when the same refresh token is sent twice at once, then at most one rotation succeeds', async () => {
      const account = await registerVendor(ctx);

      const results = await Promise.all([refresh(ctx, account.refreshToken), refresh(ctx, account.refreshToken)]);

      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeLessThanOrEqual(1);
      for (const r of results) expect([200, 401]).toContain(r.status);
    });

    describe('a retry after the answer was lost (the page unloaded while its refresh was on the way)', () => {
      const key = () => randomBytes(18).toString('base64url');

      /** The rotation whose answer the browser never received: the server rotated, the successor was lost. */
      async function lostRotation() {
        const account = await registerVendor(ctx);
        const retryKey = key();
        const lost = await refresh(ctx, account.refreshToken, retryKey);
        expect(lost.status).toBe(200);
        return { account, retryKey, lost: (lost.body as RefreshBody).data };
      }

      it('when the same token comes again with the same key within a minute, then 200 with a new pair, the lost successor is revoked and the session goes on', async () => {
        const { account, retryKey, lost } = await lostRotation();
        ctx.clock.advance(59_000);

        const again = await refresh(ctx, account.refreshToken, retryKey);

        expect(again.status, JSON.stringify(again.body)).toBe(200);
        const next = (again.body as RefreshBody).data;
        expect(next.refreshToken).not.toBe(lost.refreshToken);
        expect((await me(ctx, next.accessToken)).status).toBe(200);
        // The new one rotates as usual, in the same family.
        const rotated = await refresh(ctx, next.refreshToken);
        expect(rotated.status).toBe(200);
        const families = await ctx.database.db.selectFrom('refresh_tokens').select('family_id').distinct().where('user_id', '=', account.vendor.id).execute();
        expect(families).toHaveLength(1);
        // The lost successor was never delivered: if it turns up after all, it was intercepted, and the session ends.
        expectProblem(await refresh(ctx, lost.refreshToken), 401, 'unauthorized');
        expectProblem(await refresh(ctx, (rotated.body as RefreshBody).data.refreshToken), 401, 'unauthorized');
      });

      it('when the retry’s answer is lost too, then a third try with the same key still continues the session', async () => {
        const { account, retryKey } = await lostRotation();
        expect((await refresh(ctx, account.refreshToken, retryKey)).status).toBe(200);
        const third = await refresh(ctx, account.refreshToken, retryKey);
        expect(third.status).toBe(200);
        expect((await me(ctx, (third.body as RefreshBody).data.accessToken)).status).toBe(200);
      });

      it('when the old token comes again without the key or with another key, then it is reuse: 401 and the family is revoked', async () => {
        for (const retryKey of [undefined, key()]) {
          const { account, lost } = await lostRotation();
          expectProblem(await refresh(ctx, account.refreshToken, retryKey), 401, 'unauthorized');
          expectProblem(await refresh(ctx, lost.refreshToken), 401, 'unauthorized');
        }
      });

      it('when the same key comes more than a minute after the rotation, then it is reuse', async () => {
        const { account, retryKey, lost } = await lostRotation();
        ctx.clock.advance(60_001);
        expectProblem(await refresh(ctx, account.refreshToken, retryKey), 401, 'unauthorized');
        expectProblem(await refresh(ctx, lost.refreshToken), 401, 'unauthorized');
      });

      it('when the successor was used (the answer did arrive), then the old token with the same key is reuse and the family is revoked', async () => {
        const { account, retryKey, lost } = await lostRotation();
        const used = await refresh(ctx, lost.refreshToken);
        expect(used.status).toBe(200);
        expectProblem(await refresh(ctx, account.refreshToken, retryKey), 401, 'unauthorized');
        expectProblem(await refresh(ctx, (used.body as RefreshBody).data.refreshToken), 401, 'unauthorized');
      });

      it('when the key is malformed, then 400 problem and the token is not spent', async () => {
        const account = await registerVendor(ctx);
        for (const bad of ['short', 'x'.repeat(129), 'has spaces in it, sixteen+']) {
          expectProblem(await refresh(ctx, account.refreshToken, bad), 400, 'validation-failed');
        }
        expect((await refresh(ctx, account.refreshToken)).status).toBe(200);
      });

      it('when keys are stored, then only their hashes are', async () => {
        const { account, retryKey } = await lostRotation();
        const rows = await ctx.database.db.selectFrom('refresh_tokens').select('retry_key_hash').where('user_id', '=', account.vendor.id).execute();
        const hashes = rows.map((row) => row.retry_key_hash).filter((hash) => hash !== null);
        expect(hashes).toHaveLength(1);
        expect(hashes[0]).not.toContain(retryKey);
      });
    });

    it('when the refresh token is unknown, then 401 problem', async () => {
      expectProblem(await refresh(ctx, randomBytes(32).toString('base64url')), 401, 'unauthorized');
    });

    it('when the body is missing the refresh token, then 400 problem with a field error', async () => {
      const res = await agent(ctx).post('/jwt/refresh-token').send({});
      const body = expectProblem(res, 400, 'validation-failed');
      expect(body.errors?.map((e) => e.path)).toContain('refreshToken');
    });

    it('when refresh tokens are issued, then the refresh_tokens table stores only their hashes', async () => {
      const account = await registerVendor(ctx);
      const rotated = ((await refresh(ctx, account.refreshToken)).body as RefreshBody).data.refreshToken;

      const rows = await ctx.database.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', account.vendor.id).execute();
      expect(rows).toHaveLength(2);
      const dump = JSON.stringify(rows);
      expect(dump).not.toContain(account.refreshToken);
      expect(dump).not.toContain(rotated);
      for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('when 31 days have passed since login, then the refresh token is refused (absolute expiry)', async () => {
      const account = await registerVendor(ctx);

      ctx.advanceClock(31 * DAY_MS);

      expectProblem(await refresh(ctx, account.refreshToken), 401, 'unauthorized');
    });

    it('when a token is rotated on day 20, then the rotated token still expires 30 days after the login', async () => {
      const account = await registerVendor(ctx);

      ctx.advanceClock(20 * DAY_MS);
      const rotated = await refresh(ctx, account.refreshToken);
      expect(rotated.status).toBe(200);
      ctx.advanceClock(11 * DAY_MS);

      expectProblem(await refresh(ctx, (rotated.body as RefreshBody).data.refreshToken), 401, 'unauthorized');
    });
  });

  describe('POST /jwt/logout', () => {
    it('when a session logs out, then 204 and its refresh token (and its rotated successors) no longer refresh', async () => {
      const account = await registerVendor(ctx);
      const rotated = ((await refresh(ctx, account.refreshToken)).body as RefreshBody).data.refreshToken;

      const res = await agent(ctx).post('/jwt/logout').send({ refreshToken: rotated });

      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectProblem(await refresh(ctx, rotated), 401, 'unauthorized');
      const rows = await ctx.database.db.selectFrom('refresh_tokens').select('revoked_at').where('user_id', '=', account.vendor.id).execute();
      expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    });

    it('when logging out one session, then another session of the same user keeps refreshing', async () => {
      const account = await registerVendor(ctx);
      const second = ((await login(ctx, account.email, account.password)).body as { data: SessionBody }).data;

      expect((await agent(ctx).post('/jwt/logout').send({ refreshToken: account.refreshToken })).status).toBe(204);

      expect((await refresh(ctx, second.refreshToken)).status).toBe(200);
    });

    it('when logging out with an unknown token, then 204 (nothing to reveal)', async () => {
      const res = await agent(ctx)
        .post('/jwt/logout')
        .send({ refreshToken: randomBytes(32).toString('base64url') });
      expect(res.status).toBe(204);
    });
  });

  describe('JWT attacks on GET /api/vendor/me', () => {
    it('when the genuine access token is sent, then 200 (control case)', async () => {
      const account = await registerVendor(ctx);
      expect((await me(ctx, account.accessToken)).status).toBe(200);
      expect((await me(ctx, await forge(account))).status).toBe(200);
    });

    it('when the access token carries the RFC 9068 typ, issuer, audience and expiry', async () => {
      const account = await registerVendor(ctx);
      const [header] = account.accessToken.split('.');
      expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
      const claims = decodeJwt(account.accessToken);
      expect(claims).toMatchObject({ sub: account.vendor.id, iss: ctx.tokens.issuer, aud: ctx.tokens.audience });
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(ctx.tokens.accessTtlSeconds);
    });

    it('when the token says alg none with an empty signature, then 401', async () => {
      const account = await registerVendor(ctx);
      const payload = decodeJwt(account.accessToken);
      const token = `${b64url({ alg: 'none', typ: 'at+jwt' })}.${b64url(payload)}.`;

      const res = await me(ctx, token);

      expectProblem(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('when the genuine payload is re-sent with alg none, then 401', async () => {
      const account = await registerVendor(ctx);
      const [, payload] = account.accessToken.split('.');
      expectProblem(await me(ctx, `${b64url({ alg: 'none', typ: 'at+jwt' })}.${payload}.`), 401, 'unauthorized');
    });

    it('when the token is signed with another secret, then 401', async () => {
      const account = await registerVendor(ctx);
      expectProblem(await me(ctx, await forge(account, { secret: randomBytes(32) })), 401, 'unauthorized');
    });

    it('when the token is signed with the right secret but another HMAC algorithm, then 401 (algorithm allow-list)', async () => {
      const account = await registerVendor(ctx);
      expectProblem(await me(ctx, await forge(account, { alg: 'HS512' })), 401, 'unauthorized');
    });

    it('when the token has the wrong audience, then 401', async () => {
      const account = await registerVendor(ctx);
      expectProblem(await me(ctx, await forge(account, { audience: 'some-other-api' })), 401, 'unauthorized');
    });

    it('when the token has the wrong issuer, then 401', async () => {
      const account = await registerVendor(ctx);
      expectProblem(await me(ctx, await forge(account, { issuer: 'https://evil.example.com' })), 401, 'unauthorized');
    });

    it('when the token expired, then 401', async () => {
      const account = await registerVendor(ctx);
      const past = Math.floor(Date.now() / 1000) - 120;
      expectProblem(await me(ctx, await forge(account, { exp: past })), 401, 'unauthorized');
    });

    it('when the token has the wrong typ header (JWT), then 401', async () => {
      const account = await registerVendor(ctx);
      expectProblem(await me(ctx, await forge(account, { typ: 'JWT' })), 401, 'unauthorized');
    });

    it('when the refresh token is used as a bearer, then 401', async () => {
      const account = await registerVendor(ctx);
      const res = await me(ctx, account.refreshToken);
      expectProblem(res, 401, 'unauthorized');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    });

    it('when the access token is sent as a refresh token, then 401', async () => {
      const account = await registerVendor(ctx);
      expectProblem(await refresh(ctx, account.accessToken), 401, 'unauthorized');
    });
  });
});

describe.each(TEST_DATABASES)('short-lived access tokens on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, accessTtlSeconds: 60 });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the access token outlives its lifetime, then 401, and a refresh brings a working one', async () => {
    const account = await registerVendor(ctx);
    expect((await me(ctx, account.accessToken)).status).toBe(200);

    // The services' clock, not a sleep: a busy machine must not expire the token early.
    ctx.advanceClock(61_000);

    expectProblem(await me(ctx, account.accessToken), 401, 'unauthorized');
    const renewed = await refresh(ctx, account.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(ctx, (renewed.body as RefreshBody).data.accessToken)).status).toBe(200);
  });
});
