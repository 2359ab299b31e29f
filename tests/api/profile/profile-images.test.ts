import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor } from '../../support/api/http';
import { fetchImage, getProfile, makeJpegWithExif, makePng, signInWithRole, upload, type PhotoBody } from './support';

describe.each(TEST_DATABASES)('profile images on %s', (kind) => {
  let ctx: TestContext;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'profile-uploads-'));
    ctx = await createTestContext({ database: kind, uploadsDir });
  });

  afterAll(async () => {
    await ctx.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const filesOnDisk = async () => (await readdir(uploadsDir).catch(() => [])).sort();
  const fileOf = (url: string) => url.split('/').pop() ?? '';

  describe('logo', () => {
    it('when a vendor uploads a PNG logo, then it is stored as a 512 × 512 WebP under a random name and served from the URL GET /api/profile gives', async () => {
      const { accessToken } = await registerVendor(ctx);
      const res = await upload(ctx, accessToken, '/api/profile/logo', await makePng(300, 200), { filename: 'logo.png' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const logo = (res.body as { data: { url: string; width: number; height: number } }).data;
      expect(logo).toEqual({ url: expect.stringMatching(/^\/api\/media\/[A-Za-z0-9_-]{24}\.webp$/), width: 512, height: 512 });
      expect(logo.url).not.toContain('logo');

      expect((await getProfile(ctx, accessToken)).logo).toEqual(logo);
      const served = await agent(ctx).get(logo.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(await fetchImage(ctx, logo.url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    });

    it('when the logo is replaced, then the new one is served and the old file is deleted', async () => {
      const { accessToken } = await registerVendor(ctx);
      const first = (await upload(ctx, accessToken, '/api/profile/logo', await makePng())).body as { data: { url: string } };
      const second = (await upload(ctx, accessToken, '/api/profile/logo', await makePng(160, 160))).body as { data: { url: string } };
      expect(second.data.url).not.toBe(first.data.url);
      expect((await getProfile(ctx, accessToken)).logo?.url).toBe(second.data.url);
      expect(await filesOnDisk()).not.toContain(fileOf(first.data.url));
      expect(await filesOnDisk()).toContain(fileOf(second.data.url));
      expect((await agent(ctx).get(first.data.url)).status).toBe(404);
    });

    it('when the logo is deleted, then the profile has none and its file is gone', async () => {
      const { accessToken } = await registerVendor(ctx);
      const { data } = (await upload(ctx, accessToken, '/api/profile/logo', await makePng())).body as { data: { url: string } };
      const res = await agent(ctx).delete('/api/profile/logo').set('Authorization', `Bearer ${accessToken}`);
      expect(res.status).toBe(204);
      expect((await getProfile(ctx, accessToken)).logo).toBeNull();
      expect(await filesOnDisk()).not.toContain(fileOf(data.url));
    });
  });

  describe('gallery', () => {
    it('when a large JPEG with camera metadata is added, then the photo is at most 1600 px, has a 400 × 400 thumbnail, and carries no metadata', async () => {
      const { accessToken } = await registerVendor(ctx);
      const original = await makeJpegWithExif(2400, 1200);
      expect((await sharp(original).metadata()).exif, 'the test image should carry EXIF').toBeDefined();
      const res = await upload(ctx, accessToken, '/api/profile/gallery', original, { filename: 'ceremony.jpg', contentType: 'image/jpeg' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const photo = (res.body as { data: PhotoBody }).data;
      expect(photo).toMatchObject({ id: expect.any(String), width: 1600, height: 800 });

      const full = await sharp(await fetchImage(ctx, photo.url)).metadata();
      expect(full).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      expect(full.exif).toBeUndefined();
      expect(full.icc).toBeUndefined();
      const thumb = await sharp(await fetchImage(ctx, photo.thumbUrl)).metadata();
      expect(thumb).toMatchObject({ format: 'webp', width: 400, height: 400 });
      expect(thumb.exif).toBeUndefined();
      expect((await getProfile(ctx, accessToken)).gallery).toEqual([photo]);
    });

    it('when a small photo is added, then it is not enlarged', async () => {
      const { accessToken } = await registerVendor(ctx);
      const res = await upload(ctx, accessToken, '/api/profile/gallery', await makePng(700, 450));
      expect((res.body as { data: PhotoBody }).data).toMatchObject({ width: 700, height: 450 });
    });

    it('when a WebP is added, then it is accepted', async () => {
      const { accessToken } = await registerVendor(ctx);
      const webp = await sharp(await makePng(640, 480))
        .webp()
        .toBuffer();
      const res = await upload(ctx, accessToken, '/api/profile/gallery', webp, { filename: 'photo.webp', contentType: 'image/webp' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });

    it('when a photo is deleted, then it leaves the gallery with its files, and deleting it again is a 404', async () => {
      const { accessToken } = await registerVendor(ctx);
      const keep = ((await upload(ctx, accessToken, '/api/profile/gallery', await makePng())).body as { data: PhotoBody }).data;
      const gone = ((await upload(ctx, accessToken, '/api/profile/gallery', await makePng())).body as { data: PhotoBody }).data;
      const res = await agent(ctx).delete(`/api/profile/gallery/${gone.id}`).set('Authorization', `Bearer ${accessToken}`);
      expect(res.status).toBe(204);
      expect((await getProfile(ctx, accessToken)).gallery.map((p) => p.id)).toEqual([keep.id]);
      const files = await filesOnDisk();
      expect(files).not.toContain(fileOf(gone.url));
      expect(files).not.toContain(fileOf(gone.thumbUrl));
      expect(files).toContain(fileOf(keep.url));
      expectProblem(await agent(ctx).delete(`/api/profile/gallery/${gone.id}`).set('Authorization', `Bearer ${accessToken}`), 404, 'not-found');
    });

    it("when a vendor deletes another business's photo, then 404 and the photo stays", async () => {
      const owner = await registerVendor(ctx);
      const other = await registerVendor(ctx);
      const photo = ((await upload(ctx, owner.accessToken, '/api/profile/gallery', await makePng())).body as { data: PhotoBody }).data;
      expectProblem(await agent(ctx).delete(`/api/profile/gallery/${photo.id}`).set('Authorization', `Bearer ${other.accessToken}`), 404, 'not-found');
      expect((await getProfile(ctx, owner.accessToken)).gallery).toHaveLength(1);
    });

    it('when the gallery is reordered, then GET /api/profile lists the new order; a list that is not the gallery is a 400', async () => {
      const { accessToken } = await registerVendor(ctx);
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push(((await upload(ctx, accessToken, '/api/profile/gallery', await makePng())).body as { data: PhotoBody }).data.id);
      const order = [ids[2], ids[0], ids[1]];
      const res = await agent(ctx).put('/api/profile/gallery/order').set('Authorization', `Bearer ${accessToken}`).send({ ids: order });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as { data: PhotoBody[] }).data.map((p) => p.id)).toEqual(order);
      expect((await getProfile(ctx, accessToken)).gallery.map((p) => p.id)).toEqual(order);

      const bad = await agent(ctx)
        .put('/api/profile/gallery/order')
        .set('Authorization', `Bearer ${accessToken}`)
        .send({ ids: [ids[0], ids[0], ids[1]] });
      expectProblem(bad, 400, 'validation-failed');
      expect((await getProfile(ctx, accessToken)).gallery.map((p) => p.id)).toEqual(order);
    });

    it('when the gallery holds 24 photos, then a 25th is refused with a clear message, and after a delete one more fits', async () => {
      const { accessToken } = await registerVendor(ctx);
      const png = await makePng();
      const ids: string[] = [];
      for (let i = 0; i < 24; i += 1) {
        const res = await upload(ctx, accessToken, '/api/profile/gallery', png);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        ids.push((res.body as { data: PhotoBody }).data.id);
      }
      const before = (await filesOnDisk()).length;
      const full = expectProblem(await upload(ctx, accessToken, '/api/profile/gallery', png), 400, 'validation-failed');
      expect(full.detail).toMatch(/gallery is full.*24 photos/i);
      expect((await filesOnDisk()).length).toBe(before);

      await agent(ctx).delete(`/api/profile/gallery/${ids[5]}`).set('Authorization', `Bearer ${accessToken}`).expect(204);
      expect((await upload(ctx, accessToken, '/api/profile/gallery', png)).status).toBe(201);
      expect((await getProfile(ctx, accessToken)).gallery).toHaveLength(24);
    });

    it('when uploads race for the last free place, then exactly one gets it', async () => {
      const { accessToken } = await registerVendor(ctx);
      const png = await makePng();
      for (let i = 0; i < 23; i += 1) await upload(ctx, accessToken, '/api/profile/gallery', png).expect(201);
      const results = await Promise.all([0, 1, 2].map(() => upload(ctx, accessToken, '/api/profile/gallery', png)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      expect((await getProfile(ctx, accessToken)).gallery).toHaveLength(24);
    });
  });

  describe('refused uploads', () => {
    it('when a text file is named photo.png and declared image/png, then 400 names the accepted formats and nothing is stored', async () => {
      const { accessToken } = await registerVendor(ctx);
      const before = await filesOnDisk();
      const res = await upload(ctx, accessToken, '/api/profile/gallery', Buffer.from('<script>alert(1)</script> not an image'), {
        filename: 'photo.png',
        contentType: 'image/png',
      });
      const body = expectProblem(res, 400, 'validation-failed');
      expect(body.detail).toMatch(/not a JPEG, PNG or WebP image/);
      expect(body.errors).toEqual([{ path: 'file', message: expect.any(String) }]);
      expect(await filesOnDisk()).toEqual(before);
      expect((await getProfile(ctx, accessToken)).gallery).toEqual([]);
    });

    it('when a GIF is declared a JPEG logo, then 400', async () => {
      const { accessToken } = await registerVendor(ctx);
      const gif = await sharp(await makePng(20, 20))
        .gif()
        .toBuffer();
      expectProblem(await upload(ctx, accessToken, '/api/profile/logo', gif, { filename: 'logo.jpg', contentType: 'image/jpeg' }), 400, 'validation-failed');
      expect((await getProfile(ctx, accessToken)).logo).toBeNull();
    });

    it('when a photo is 1 × 1 pixels, or too small either way round, then 400 says the smallest size on the field file and nothing is stored', async () => {
      const { accessToken } = await registerVendor(ctx);
      const before = await filesOnDisk();
      for (const [width, height] of [
        [1, 1],
        [599, 400],
        [400, 599],
        [900, 399],
      ] as const) {
        const body = expectProblem(await upload(ctx, accessToken, '/api/profile/gallery', await makePng(width, height)), 400, 'validation-failed');
        expect(body.detail).toBe(
          `This photo is ${width} × ${height} pixels. Gallery photos need at least 600 × 400 pixels (either way round) to look sharp; upload a larger one.`,
        );
        expect(body.errors).toEqual([{ path: 'file', message: 'Too small: at least 600 × 400 pixels.' }]);
      }
      expect((await upload(ctx, accessToken, '/api/profile/gallery', await makePng(400, 600))).status).toBe(201);
      expect((await getProfile(ctx, accessToken)).gallery).toHaveLength(1);
      expect((await filesOnDisk()).length).toBe(before.length + 2);
    });

    it('when a logo is smaller than 128 × 128, then 400 says so and the profile keeps no logo', async () => {
      const { accessToken } = await registerVendor(ctx);
      const body = expectProblem(await upload(ctx, accessToken, '/api/profile/logo', await makePng(300, 100)), 400, 'validation-failed');
      expect(body.detail).toBe('This logo is 300 × 100 pixels. Logos need at least 128 × 128 pixels to look sharp; upload a larger one.');
      expect((await getProfile(ctx, accessToken)).logo).toBeNull();
    });

    it('when a PNG is cut off half-way, then 400 says it could not be read', async () => {
      const { accessToken } = await registerVendor(ctx);
      const png = await makePng(800, 600);
      const body = expectProblem(await upload(ctx, accessToken, '/api/profile/gallery', png.subarray(0, Math.floor(png.length / 2))), 400, 'validation-failed');
      expect(body.detail).toMatch(/could not be read/);
    });

    it('when the file is larger than 8 MB, then 413 says so and nothing is stored', async () => {
      const { accessToken } = await registerVendor(ctx);
      const png = await makePng();
      const huge = Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024 + 1 - png.length)]);
      const before = await filesOnDisk();
      const body = expectProblem(await upload(ctx, accessToken, '/api/profile/gallery', huge), 413, 'payload-too-large');
      expect(body.detail).toMatch(/larger than 8 MB/);
      expect(await filesOnDisk()).toEqual(before);
    });

    it('when no file is attached, then 400 asks for one', async () => {
      const { accessToken } = await registerVendor(ctx);
      const res = await agent(ctx).post('/api/profile/logo').set('Authorization', `Bearer ${accessToken}`).field('note', 'no file');
      expect(expectProblem(res, 400, 'validation-failed').detail).toMatch(/Choose an image/);
    });

    it('when the image is in another form field, then 400', async () => {
      const { accessToken } = await registerVendor(ctx);
      const res = await agent(ctx)
        .post('/api/profile/logo')
        .set('Authorization', `Bearer ${accessToken}`)
        .attach('image', await makePng(), 'logo.png');
      expectProblem(res, 400, 'validation-failed');
    });
  });

  describe('access', () => {
    it('when there is no bearer token, then every profile endpoint answers 401', async () => {
      const png = await makePng();
      expectProblem(await agent(ctx).get('/api/profile'), 401, 'unauthorized');
      expectProblem(await agent(ctx).post('/api/profile/logo').attach('file', png, 'logo.png'), 401, 'unauthorized');
      expectProblem(await agent(ctx).post('/api/profile/gallery').attach('file', png, 'photo.png'), 401, 'unauthorized');
      expectProblem(await agent(ctx).delete('/api/profile/gallery/9b2f0e8e-62a4-4f57-9d0e-3d8f0d4c2a11'), 401, 'unauthorized');
      expectProblem(await agent(ctx).put('/api/profile/gallery/order').send({ ids: [] }), 401, 'unauthorized');
    });

    it('when a role without profile rights uploads or reads, then 403 and nothing is stored', async () => {
      const owner = await registerVendor(ctx);
      const token = await signInWithRole(ctx, owner.vendor.vendor_id, 'viewer');
      const before = await filesOnDisk();
      expectProblem(await upload(ctx, token, '/api/profile/logo', await makePng()), 403, 'forbidden');
      expectProblem(await upload(ctx, token, '/api/profile/gallery', await makePng()), 403, 'forbidden');
      expectProblem(await agent(ctx).get('/api/profile').set('Authorization', `Bearer ${token}`), 403, 'forbidden');
      expect(await filesOnDisk()).toEqual(before);
    });

    it("when a team member uploads, then the photo joins the business's gallery", async () => {
      const owner = await registerVendor(ctx);
      const token = await signInWithRole(ctx, owner.vendor.vendor_id, 'client');
      expect((await upload(ctx, token, '/api/profile/gallery', await makePng())).status).toBe(201);
      expect((await getProfile(ctx, owner.accessToken)).gallery).toHaveLength(1);
    });

    it('when a media name is not one the store makes, then 404 without touching the disk', async () => {
      expectProblem(await agent(ctx).get('/api/media/..%2F..%2Fetc%2Fpasswd'), 404, 'not-found');
      expectProblem(await agent(ctx).get('/api/media/AAAAAAAAAAAAAAAAAAAAAAAA.webp'), 404, 'not-found');
    });
  });
});
