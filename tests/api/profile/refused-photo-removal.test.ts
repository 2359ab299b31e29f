import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor } from '../../support/api/http';
import { makePng, upload } from './support';

/** Found by the hostile-input corpus: a refused removal used to commit the profile lock's touch (a new `updated_at`, or a new row). */
describe.each(TEST_DATABASES)('removing a gallery photo that is not there, on %s', (kind) => {
  let ctx: TestContext;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'profile-uploads-'));
    ctx = await createTestContext({ database: kind, uploadsDir });
  });

  afterAll(async () => {
    await ctx?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const storedProfile = (vendorId: string) => ctx.database.db.selectFrom('profiles').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
  const removePhoto = (token: string, id: string) => agent(ctx).delete(`/api/profile/gallery/${id}`).set('Authorization', `Bearer ${token}`);

  it('when a vendor with a gallery removes a photo id it does not have, then 404 and the stored profile is as it was', async () => {
    const vendor = await registerVendor(ctx);
    expect((await upload(ctx, vendor.accessToken, '/api/profile/gallery', await makePng())).status).toBe(201);
    const before = await storedProfile(vendor.vendor.vendor_id);
    ctx.advanceClock(60_000);

    expectProblem(await removePhoto(vendor.accessToken, randomUUID()), 404, 'not-found');

    expect(await storedProfile(vendor.vendor.vendor_id)).toEqual(before);
  });

  it('when a vendor without a profile yet removes a photo, then 404 and no profile row is made', async () => {
    const vendor = await registerVendor(ctx);
    expect(await storedProfile(vendor.vendor.vendor_id)).toBeUndefined();

    expectProblem(await removePhoto(vendor.accessToken, randomUUID()), 404, 'not-found');

    expect(await storedProfile(vendor.vendor.vendor_id)).toBeUndefined();
  });
});
