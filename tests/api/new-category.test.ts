import supertest from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { copySchemas, type SchemaCopy } from '../support/schemas';
import { completeVendor, nextEvent, photoBoothCategory, startConfigService, type ConfigService } from '../support/api/config-service';

interface RouteBody {
  name: string;
  path: string;
  meta: { requiresAuth?: boolean; layout?: string };
}

interface CategoryBody {
  id: string;
  label: string;
  vendorTypeId: number;
  slugs: { profile: string; quoteDetail: string; autoResponse: string };
}

const copies: SchemaCopy[] = [];
const services: ConfigService[] = [];

afterAll(async () => {
  for (const service of services.splice(0)) await service.close();
  await Promise.all(copies.splice(0).map((copy) => copy.remove()));
});

/** (a) The operator drops the file in before the server starts. */
async function loadedWithPhotoBooth(): Promise<ConfigService> {
  const copy = await copySchemas();
  copies.push(copy);
  await copy.write('categories/photo-booth.json', photoBoothCategory());
  const service = await startConfigService(copy.dir);
  services.push(service);
  return service;
}

/** (b) The operator drops the file in while the server runs. */
async function hotAddedPhotoBooth(): Promise<ConfigService> {
  const copy = await copySchemas();
  copies.push(copy);
  const service = await startConfigService(copy.dir, { watch: true });
  services.push(service);
  const categoriesBefore = await supertest(service.app).get('/api/config/categories').expect(200);
  expect((categoriesBefore.body as { categories: CategoryBody[] }).categories.some((c) => c.id === 'photo-booth')).toBe(false);

  const reloaded = nextEvent(service.store, 'reload');
  await copy.write('categories/photo-booth.json', photoBoothCategory());
  await reloaded;
  return service;
}

describe.each([
  ['loaded from the folder at start', loadedWithPhotoBooth],
  ['added while the server runs', hotAddedPhotoBooth],
])('a 15th category file (%s)', (_how, startService) => {
  // Every test here only reads: one server (and schema copy) serves them all.
  let started: Promise<ConfigService> | undefined;
  const start = () => (started ??= startService());

  it('when the routes are requested, then its four route families are there', async () => {
    const { app } = await start();

    const res = await supertest(app).get('/api/config/routes').expect(200);
    const routes = (res.body as { routes: RouteBody[] }).routes;

    const paths = routes.map((r) => r.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/photo-booth/:id', '/photo-booth-quote-detail/:id', '/auto-response/photo_booth', '/update-photo-booth-settings']),
    );
    expect(routes.find((r) => r.path === '/photo-booth/:id')?.meta).toMatchObject({ requiresAuth: true, layout: 'full' });
    expect(routes.find((r) => r.path === '/update-photo-booth-settings')).toMatchObject({
      name: 'update-photo-booth-settings',
      meta: { requiresAuth: true },
    });
  });

  it('when the categories are requested, then it is listed with its slugs', async () => {
    const { app } = await start();

    const res = await supertest(app).get('/api/config/categories').expect(200);
    const categories = (res.body as { categories: CategoryBody[] }).categories;

    expect(categories).toHaveLength(15);
    expect(categories).toContainEqual(
      expect.objectContaining({
        id: 'photo-booth',
        label: 'Photo booth',
        vendorTypeId: 15,
        slugs: { profile: 'photo-booth', quoteDetail: 'photo-booth', autoResponse: 'photo_booth' },
      }),
    );
  });

  it('when its settings form is requested, then it is served with the booth_hourly_rate field', async () => {
    const { app } = await start();

    const res = await supertest(app).get('/api/config/forms/update-photo-booth-settings').expect(200);

    expect(res.body).toMatchObject({
      id: 'update-photo-booth-settings',
      version: 1,
      schema: { type: 'object', required: ['booth_hourly_rate'], properties: { booth_hourly_rate: { type: 'number' } } },
      uiSchema: expect.any(Object),
    });
  });

  it('when its auto-response form is requested, then the template is served filled with its label', async () => {
    const { app } = await start();

    const res = await supertest(app).get('/api/config/forms/auto-response-photo_booth').expect(200);

    expect(res.body).toMatchObject({
      id: 'auto-response-photo_booth',
      version: expect.any(Number),
      schema: { type: 'object', properties: expect.any(Object) },
      uiSchema: expect.any(Object),
    });
    expect(JSON.stringify(res.body)).toContain('Photo booth');
    expect(JSON.stringify(res.body)).not.toContain('{{label}}');
  });

  it('when the onboarding form is requested, then vendor type 15 is one of the choices', async () => {
    const { app } = await start();

    const res = await supertest(app).get('/api/config/forms/new-user-step-1').expect(200);
    const options = (res.body as { schema: { properties: { vendor_type_ids: { items: { oneOf: { const: number; title: string }[] } } } } }).schema.properties
      .vendor_type_ids.items.oneOf;

    expect(options).toHaveLength(15);
    expect(options).toContainEqual({ const: 15, title: 'Photo booth' });
  });

  it('when a complete photo booth vendor without an hourly rate opens /dashboard, then they are sent to its settings', async () => {
    const { app } = await start();
    const vendor = completeVendor({ category: [{ vendor_type_id: 15 }] });

    const res = await supertest(app).post('/api/config/navigation').send({ path: '/dashboard', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: '/update-photo-booth-settings', rule: 'photo-booth-settings' });
  });

  it('when a photo booth vendor with an hourly rate opens /dashboard, then nothing redirects', async () => {
    const { app } = await start();
    const vendor = completeVendor({ category: [{ vendor_type_id: 15 }], booth_hourly_rate: 250 });

    const res = await supertest(app).post('/api/config/navigation').send({ path: '/dashboard', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: null, rule: null });
  });

  it('when a vendor is both photographer and photo booth with neither set up, then photography (order 50) comes first', async () => {
    const { app } = await start();
    const vendor = completeVendor({ category: [{ vendor_type_id: 15 }, { vendor_type_id: 7 }], is_photography_setting_updated: false });

    const res = await supertest(app).post('/api/config/navigation').send({ path: '/dashboard', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: '/update-photography-settings', rule: 'photography-settings' });
  });

  it('when a photo booth vendor is also a bakery awaiting its auto-response, then the photo booth settings (order 55) come before the bakery rule (60)', async () => {
    const { app } = await start();
    const vendor = completeVendor({ category: [{ vendor_type_id: 1 }, { vendor_type_id: 15 }], is_redirect_to_bakery_auto_response: true });

    const res = await supertest(app).post('/api/config/navigation').send({ path: '/dashboard', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: '/update-photo-booth-settings', rule: 'photo-booth-settings' });
  });

  it('when the photo booth vendor is on its settings page, then the guard lets them stay', async () => {
    const { app } = await start();
    const vendor = completeVendor({ category: [{ vendor_type_id: 15 }] });

    const res = await supertest(app).post('/api/config/navigation').send({ path: '/update-photo-booth-settings', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: null, rule: null });
  });
});
