import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { expectProblem, registerVendor } from '../../support/api/http';
import { fetchImage, getProfile, makeFlatPng, makeGradientJpeg, upload, type PhotoBody } from './support';

/** Pixels are refused from the header when the file is too small to hold them as a photo would. */
describe('image pixel limits', () => {
  let ctx: TestContext;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'profile-pixels-'));
    ctx = await createTestContext({ uploadsDir });
  });

  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const filesOnDisk = async () => (await readdir(uploadsDir).catch(() => [])).sort();

  it('when a 6 KB PNG claims 7000 × 7000 pixels, then the gallery and the logo answer 413 asking for a smaller copy on the field file, and nothing is stored', async () => {
    const { accessToken } = await registerVendor(ctx);
    const bomb = await makeFlatPng(7000, 7000);
    expect(bomb.length, 'the attack is a file of a few KB').toBeLessThan(8 * 1024);
    const before = await filesOnDisk();

    for (const endpoint of ['/api/profile/gallery', '/api/profile/logo']) {
      const body = expectProblem(await upload(ctx, accessToken, endpoint, bomb), 413, 'payload-too-large');
      expect(body.detail).toMatch(/7000 × 7000 pixels.*Save a copy of at most 4000 × 3000 pixels/);
      expect(body.errors).toEqual([{ path: 'file', message: expect.stringMatching(/at most 4000 × 3000/i) }]);
    }

    expect(await filesOnDisk()).toEqual(before);
    const profile = await getProfile(ctx, accessToken);
    expect(profile.gallery).toEqual([]);
    expect(profile.logo).toBeNull();
  });

  it('when a 5000 × 4000 smooth-gradient JPEG is added to the gallery, then it is stored at 1600 × 1280 with its thumbnail', async () => {
    const { accessToken } = await registerVendor(ctx);
    const photo = await makeGradientJpeg(5000, 4000);

    const res = await upload(ctx, accessToken, '/api/profile/gallery', photo, { filename: 'first-dance.jpg', contentType: 'image/jpeg' });

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = (res.body as { data: PhotoBody }).data;
    expect(stored).toMatchObject({ width: 1600, height: 1280 });
    expect(await sharp(await fetchImage(ctx, stored.thumbUrl)).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect((await getProfile(ctx, accessToken)).gallery).toEqual([stored]);
  });

  it('when a one-colour 4000 × 3000 PNG of a few KB is the logo, then it is accepted: 12 megapixels pass whatever the file size', async () => {
    const { accessToken } = await registerVendor(ctx);
    const logo = await makeFlatPng(4000, 3000);
    expect(logo.length).toBeLessThan(8 * 1024);

    const res = await upload(ctx, accessToken, '/api/profile/logo', logo);

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await getProfile(ctx, accessToken)).logo).toMatchObject({ width: 512, height: 512 });
  });
});
