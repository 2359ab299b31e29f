import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor } from '../../support/api/http';
import { getProfile, makePng, upload } from './support';

/** Uploads are limited per user before their body is read, and deleting the account deletes the files. */
describe.each(TEST_DATABASES)('image uploads over time on %s', (kind) => {
  let ctx: TestContext;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'profile-lifecycle-'));
    ctx = await createTestContext({ database: kind, uploadsDir, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000, uploadsPerUser: 3 } });
  });

  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const filesOnDisk = async () => (await readdir(uploadsDir).catch(() => [])).sort();
  const fileOf = (url: string) => url.split('/').pop() ?? '';

  it('when a user goes past the uploads allowed per window, then 429 with Retry-After, nothing is stored, and other users can still upload', async () => {
    const first = await registerVendor(ctx);
    const image = await makePng();
    for (let i = 0; i < 3; i += 1) expect((await upload(ctx, first.accessToken, '/api/profile/gallery', image)).status).toBe(201);
    const before = await filesOnDisk();

    const res = await upload(ctx, first.accessToken, '/api/profile/gallery', image);

    expectProblem(res, 429, 'rate-limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getProfile(ctx, first.accessToken)).gallery).toHaveLength(3);
    expect(await filesOnDisk()).toEqual(before);
    const second = await registerVendor(ctx);
    expect((await upload(ctx, second.accessToken, '/api/profile/logo', image)).status).toBe(201);
  });

  it('when the owner deletes the account, then its logo, photos and thumbnails are deleted from disk, and other businesses keep theirs', async () => {
    const owner = await registerVendor(ctx, { businessName: 'Lantern Light Studio' });
    const other = await registerVendor(ctx);
    const image = await makePng(700, 450);
    expect((await upload(ctx, owner.accessToken, '/api/profile/logo', image)).status).toBe(201);
    expect((await upload(ctx, owner.accessToken, '/api/profile/gallery', image)).status).toBe(201);
    expect((await upload(ctx, other.accessToken, '/api/profile/gallery', image)).status).toBe(201);
    const mine = await getProfile(ctx, owner.accessToken);
    const theirs = await getProfile(ctx, other.accessToken);
    const ownFiles = [mine.logo?.url ?? '', ...mine.gallery.flatMap((p) => [p.url, p.thumbUrl])].map(fileOf);
    expect(ownFiles).toHaveLength(3);
    for (const file of ownFiles) expect(await filesOnDisk()).toContain(file);

    const res = await agent(ctx)
      .delete('/api/account')
      .set('Authorization', `Bearer ${owner.accessToken}`)
      .send({ password: owner.password, confirmation: 'Lantern Light Studio' });

    expect(res.status, JSON.stringify(res.body)).toBe(204);
    // The files go in a job queued with the deletion.
    await ctx.jobs.runDue();
    const left = await filesOnDisk();
    for (const file of ownFiles) expect(left).not.toContain(file);
    for (const photo of theirs.gallery) expect(left).toContain(fileOf(photo.url));
    expect((await agent(ctx).get(mine.gallery[0]?.url ?? '')).status).toBe(404);
  });
});
