import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../support/schemas';
import { SPEC_ALL_PATHS, SPEC_AUTHENTICATED_PATHS, SPEC_PROFILE_PATHS, SPEC_PUBLIC_PATHS, SPEC_SIDEBAR_PATHS } from '../support/spec-paths';
import { VENDOR_TYPE } from '../support/vendor-types';
import { completeVendor, rawGet, startConfigService, type ConfigService } from '../support/api/config-service';

interface RouteBody {
  name: string;
  path: string;
  meta: {
    title?: string;
    description?: string;
    requiresAuth?: boolean;
    redirectIfLoggedIn?: boolean;
    authorize?: string[];
    action?: string;
    resource?: string;
    layout?: string;
  };
}

interface CategoryBody {
  id: string;
  label: string;
  vendorTypeId: number;
  slugs: { profile: string; quoteDetail: string; autoResponse: string };
}

const PROBLEM_TYPE = /^application\/problem\+json/;

let service: ConfigService;
let request: ReturnType<typeof supertest>;

beforeAll(async () => {
  service = await startConfigService(SCHEMAS_DIR);
  request = supertest(service.app);
});

afterAll(async () => {
  await service.close();
});

function expectProblem(res: supertest.Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(PROBLEM_TYPE);
  expect(res.body).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) });
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(?:ts|js):\d+/);
}

async function routes(): Promise<RouteBody[]> {
  const res = await request.get('/api/config/routes').expect(200);
  return (res.body as { routes: RouteBody[] }).routes;
}

function byName(list: RouteBody[], name: string): RouteBody {
  const route = list.find((r) => r.name === name);
  if (!route) throw new Error(`no route named "${name}" in ${list.map((r) => r.name).join(', ')}`);
  return route;
}

function byPath(list: RouteBody[], path: string): RouteBody {
  const route = list.find((r) => r.path === path);
  if (!route) throw new Error(`no route with path "${path}"`);
  return route;
}

describe('GET /api/config/app', () => {
  it('when the app config is requested, then it answers 200 JSON with the defaults of the specification', async () => {
    const res = await request.get('/api/config/app');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      displayName: expect.any(String),
      title: 'Match With Your Perfect Customers',
      description: expect.stringContaining('receive quote requests directly from potential customers'),
      locale: 'en',
      fallbackLocale: 'en',
      chunkLoadTimeoutMs: 120000,
      layout: {
        skin: 'light',
        type: 'vertical',
        isRTL: false,
        contentWidth: 'full',
        routerTransition: 'zoom-fade',
        navbar: { type: 'floating' },
        footer: { type: 'static' },
        customizer: true,
        enableScrollToTop: false,
      },
      toast: { timeoutMs: 3000, hideProgressBar: true, closeButton: false, icon: false, closeOnClick: false, transition: 'fade' },
      modal: {
        zIndex: 1040,
        size: 'md',
        buttons: { ok: 'OK', cancel: 'Cancel', close: 'Close' },
        dialogButtons: { ok: 'OK', no: 'No', cancel: 'Cancel' },
      },
    });
    expect((res.body as { displayName: string }).displayName.length).toBeGreaterThan(0);
  });

  it('when the app config is requested, then it is revalidated on every use with a strong ETag', async () => {
    const res = await request.get('/api/config/app').expect(200);

    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag as string | undefined;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag?.startsWith('W/')).toBe(false);
  });

  it('when the app config is requested, then the helmet security headers are set', async () => {
    const res = await request.get('/api/config/app').expect(200);

    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toEqual(expect.any(String));
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /api/config/routes', () => {
  it('when the routes are requested, then each has a name, a path and a meta object', async () => {
    const list = await routes();

    expect(list.length).toBeGreaterThan(0);
    for (const route of list) {
      expect(route).toMatchObject({ name: expect.any(String), path: expect.stringMatching(/^\//), meta: expect.any(Object) });
    }
  });

  it('when the routes are requested, then every path of docs/specification.md §2 is there', async () => {
    const paths = new Set((await routes()).map((r) => r.path));

    const missing = SPEC_ALL_PATHS.filter((p) => !paths.has(p));
    expect(missing).toEqual([]);
    expect(SPEC_ALL_PATHS.length).toBe(8 + 22 + 2 + 14 * 3);
  });

  it('when the routes are requested, then the named routes of the guard exist with their paths', async () => {
    const list = await routes();

    expect(byName(list, 'login').path).toBe('/');
    expect(byName(list, 'dashboard').path).toBe('/dashboard');
    expect(byName(list, 'new-user-step-1').path).toBe('/new-user-step-1');
    expect(byName(list, 'update-payment-method').path).toBe('/update-payment-method');
    expect(byName(list, 'update-catering-settings').path).toBe('/update-catering-settings');
    expect(byName(list, 'update-venue-settings').path).toBe('/update-venue-settings');
    expect(byName(list, 'update-makeup-settings').path).toBe('/update-makeup-settings');
    expect(byName(list, 'update-photography-settings').path).toBe('/update-photography-settings');
    expect(byName(list, 'auto-response-bakery').path).toBe('/auto-response/bakery');
    expect(byName(list, 'vendor-profile').path).toBe('/vendor-profile/:adminId/:slug');
    expect(byName(list, 'access-control').path).toBe('/access-control');
  });

  it('when the routes are requested, then onboarding and the 14 profile pages are full-page and edit-profile is sidebar-only', async () => {
    const list = await routes();

    expect(byPath(list, '/new-user-step-1').meta.layout).toBe('full');
    for (const path of SPEC_PROFILE_PATHS) expect(byPath(list, path).meta.layout, path).toBe('full');
    expect(byPath(list, '/edit-profile').meta.layout).toBe('sidebar-only');
  });

  it('when the routes are requested, then the header-and-sidebar pages use the configured layout', async () => {
    const list = await routes();

    for (const path of SPEC_SIDEBAR_PATHS) {
      expect([undefined, 'vertical', 'horizontal'], path).toContain(byPath(list, path).meta.layout);
    }
  });

  it('when the routes are requested, then every authenticated route requires login and the public ones do not', async () => {
    const list = await routes();

    for (const path of SPEC_AUTHENTICATED_PATHS) expect(byPath(list, path).meta.requiresAuth, path).toBe(true);
    expect(byName(list, 'access-control').meta.requiresAuth).toBe(true);
    for (const path of SPEC_PUBLIC_PATHS) expect(byPath(list, path).meta.requiresAuth ?? false, path).toBe(false);
  });

  it("when the routes are requested, then the customer's pages are public full pages a signed-in vendor may open too", async () => {
    const list = await routes();

    for (const [name, path, title] of [
      ['request-quotes', '/request-quotes', 'Get quotes'],
      ['customer-request', '/requests/:token', 'Your request'],
    ] as const) {
      const route = byName(list, name);
      expect(route.path).toBe(path);
      expect(route.meta).toMatchObject({ title, requiresAuth: false, layout: 'full' });
      expect(route.meta.redirectIfLoggedIn ?? false, name).toBe(false);
      expect(route.meta.resource, name).toBeUndefined();
    }
  });

  it('when the routes are requested, then the login route redirects a signed-in vendor away', async () => {
    const list = await routes();

    expect(byName(list, 'login').meta.redirectIfLoggedIn).toBe(true);
  });
});

describe('GET /api/config/categories', () => {
  it('when the categories are requested, then all 14 are listed with id, label, vendor type id and slugs', async () => {
    const res = await request.get('/api/config/categories').expect(200);
    const categories = (res.body as { categories: CategoryBody[] }).categories;

    expect(categories).toHaveLength(14);
    for (const category of categories) {
      expect(category).toMatchObject({
        id: expect.any(String),
        label: expect.any(String),
        vendorTypeId: expect.any(Number),
        slugs: { profile: expect.any(String), quoteDetail: expect.any(String), autoResponse: expect.any(String) },
      });
    }
    expect(Object.fromEntries(categories.map((c) => [c.id, c.vendorTypeId]))).toEqual(VENDOR_TYPE);
  });

  it('when the categories are requested, then the spec vendor type ids 2, 5, 7 and 11 are catering, makeup, photography and venue', async () => {
    const res = await request.get('/api/config/categories').expect(200);
    const categories = (res.body as { categories: CategoryBody[] }).categories;
    const idOf = (vendorTypeId: number) => categories.find((c) => c.vendorTypeId === vendorTypeId)?.id;

    expect([idOf(2), idOf(5), idOf(7), idOf(11)]).toEqual(['catering', 'makeup', 'photography', 'venue']);
  });

  it('when the categories are requested, then rentals and bartending carry their differing slugs', async () => {
    const res = await request.get('/api/config/categories').expect(200);
    const categories = (res.body as { categories: CategoryBody[] }).categories;

    expect(categories.find((c) => c.id === 'rentals')?.slugs).toEqual({ profile: 'rentals', quoteDetail: 'rental', autoResponse: 'rental' });
    expect(categories.find((c) => c.id === 'bartending-beverage')?.slugs).toEqual({
      profile: 'bartending-beverage',
      quoteDetail: 'bartending-beverage',
      autoResponse: 'bartending_beverage',
    });
  });
});

describe('GET /api/config/forms/:formId', () => {
  const FORM_IDS = [
    'update-catering-settings',
    'update-venue-settings',
    'update-makeup-settings',
    'update-photography-settings',
    'auto-response-bakery',
    'new-user-step-1',
  ];

  it.each(FORM_IDS)('when form %s is requested, then it answers { id, version, schema, uiSchema }', async (formId) => {
    const res = await request.get(`/api/config/forms/${formId}`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      id: formId,
      version: expect.any(Number),
      schema: { type: 'object', properties: expect.any(Object) },
      uiSchema: expect.any(Object),
    });
  });

  it('when the settings forms are requested, then they carry the guard fields under the same names', async () => {
    const propertiesOf = async (formId: string) =>
      Object.keys(((await request.get(`/api/config/forms/${formId}`).expect(200)).body as { schema: { properties: object } }).schema.properties);

    expect(await propertiesOf('update-catering-settings')).toEqual(expect.arrayContaining(['catering_head_count', 'wedding_catering_price_per_head']));
    expect(await propertiesOf('update-makeup-settings')).toEqual(
      expect.arrayContaining(['hair_min_price_per_head', 'makeup_min_price_per_head', 'spray_tan_min_price_per_head']),
    );
  });

  it('when the onboarding form is requested, then vendor_type_ids offers all 14 categories', async () => {
    const res = await request.get('/api/config/forms/new-user-step-1').expect(200);
    const field = (res.body as { schema: { properties: Record<string, { type: string; items: { oneOf: { const: number; title: string }[] } }> } }).schema
      .properties.vendor_type_ids;

    expect(field?.type).toBe('array');
    const options = field?.items.oneOf ?? [];
    expect(options).toHaveLength(14);
    for (const option of options) expect(option).toEqual({ const: expect.any(Number), title: expect.any(String) });
    expect(options.map((o) => o.const).sort((a, b) => a - b)).toEqual(Object.values(VENDOR_TYPE).sort((a, b) => a - b));
    expect(options.find((o) => o.const === 2)?.title).toBe('Catering');
  });

  it('when an unknown form id is requested, then it answers a 404 problem', async () => {
    const res = await request.get('/api/config/forms/no-such-form');

    expectProblem(res, 404);
  });

  it('when a form id with a malformed escape is requested, then it answers a 404 problem', async () => {
    const res = await request.get('/api/config/forms/%E0%A4%A');

    expectProblem(res, 404);
  });
});

describe('conditional and compressed config GETs', () => {
  const PATHS = ['/api/config/app', '/api/config/routes', '/api/config/categories', '/api/config/forms/update-catering-settings'];

  it.each(PATHS)('when %s is asked again with its ETag, then it answers 304 with an empty body', async (path) => {
    const first = await request.get(path).set('Accept-Encoding', 'identity').expect(200);
    const etag = first.headers.etag as string;

    const second = await request
      .get(path)
      .set('Accept-Encoding', 'identity')
      .set('If-None-Match', etag)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

    expect(second.status).toBe(304);
    expect((second.body as Buffer).length).toBe(0);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  it.each(['gzip', 'br'])(
    'when a %s response is revalidated with its ETag, then the 304 carries the same ETag the 200 did (RFC 9110 §15.4.5)',
    async (encoding) => {
      const first = await rawGet(service.app, '/api/config/app', { 'accept-encoding': encoding });
      const etag = first.headers.etag as string;

      const second = await rawGet(service.app, '/api/config/app', { 'accept-encoding': encoding, 'if-none-match': etag });

      expect(second.status).toBe(304);
      expect(second.headers.etag).toBe(etag);
    },
  );

  it.each(PATHS)('when %s is asked with a stale ETag, then it answers 200 with the body', async (path) => {
    const res = await request.get(path).set('If-None-Match', '"not-the-current-etag"');

    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object).length).toBeGreaterThan(0);
  });

  it.each(PATHS)('when %s is asked with a weak form of its ETag, then it answers 304', async (path) => {
    const etag = (await request.get(path).expect(200)).headers.etag as string;

    await request.get(path).set('If-None-Match', `W/${etag}`).expect(304);
  });

  it.each(PATHS)('when %s is asked with Accept-Encoding br, then the brotli body decodes to the identity body', async (path) => {
    const identity = await rawGet(service.app, path, { 'accept-encoding': 'identity' });
    const br = await rawGet(service.app, path, { 'accept-encoding': 'br' });

    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
  });

  it.each(PATHS)('when %s is asked with Accept-Encoding gzip, then the gzip body decodes to the identity body', async (path) => {
    const identity = await rawGet(service.app, path, { 'accept-encoding': 'identity' });
    const gzip = await rawGet(service.app, path, { 'accept-encoding': 'gzip' });

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    const viaSupertest = await request.get(path).set('Accept-Encoding', 'gzip').expect(200);
    expect(viaSupertest.headers['content-encoding']).toBe('gzip');
    expect(viaSupertest.body).toEqual(JSON.parse(identity.body.toString('utf8')));
  });

  it('when a compressed body is revalidated with its encoded ETag, then it answers 304', async () => {
    const br = await rawGet(service.app, '/api/config/routes', { 'accept-encoding': 'br' });
    const etag = br.headers.etag as string;

    const again = await rawGet(service.app, '/api/config/routes', { 'accept-encoding': 'br', 'if-none-match': etag });

    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('when br is refused with q=0, then the body is sent gzip instead', async () => {
    const res = await rawGet(service.app, '/api/config/app', { 'accept-encoding': 'br;q=0, gzip' });

    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('POST /api/config/navigation', () => {
  const navigate = (body: unknown) => request.post('/api/config/navigation').send(body as object);

  it('when a guest opens /dashboard, then they are sent to login by the unauthenticated rule', async () => {
    const res = await navigate({ path: '/dashboard', vendor: null });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirect: '/', rule: 'unauthenticated' });
  });

  it('when a caterer without head count or price opens /dashboard, then they are sent to the catering settings', async () => {
    const vendor = completeVendor({ category: [{ vendor_type_id: 2 }], catering_head_count: null, wedding_catering_price_per_head: null });

    const res = await navigate({ path: '/dashboard', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: '/update-catering-settings', rule: 'catering-settings' });
  });

  it('when a vendor whose payment failed opens /dashboard, then they are sent to update the payment method', async () => {
    const vendor = completeVendor({ payment_status: 'payment_failed' });

    const res = await navigate({ path: '/dashboard', vendor }).expect(200);

    expect(res.body).toEqual({ redirect: '/update-payment-method', rule: 'payment-failed' });
  });

  it('when a complete admin vendor opens /dashboard, then nothing redirects', async () => {
    const res = await navigate({ path: '/dashboard', vendor: completeVendor() }).expect(200);

    expect(res.body).toEqual({ redirect: null, rule: null });
  });

  it('when a guest opens an unknown path, then they are sent to the root by the unknown-path rule', async () => {
    const res = await navigate({ path: '/no/such/page', vendor: null }).expect(200);

    expect(res.body).toEqual({ redirect: '/', rule: 'unknown-path' });
  });

  it('when a guest opens a vendor profile, then it is allowed without login', async () => {
    const res = await navigate({ path: '/vendor-profile/42/sweet-cakes', vendor: null }).expect(200);

    expect(res.body).toEqual({ redirect: null, rule: null });
  });

  it('when the body has no path, then it answers a 400 problem naming path', async () => {
    const res = await navigate({ vendor: null });

    expectProblem(res, 400);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ path: 'path', message: expect.any(String) }]));
  });

  it('when the path does not start with "/", then it answers a 400 problem naming path', async () => {
    const res = await navigate({ path: 'dashboard', vendor: null });

    expectProblem(res, 400);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ path: 'path', message: expect.any(String) }]));
  });

  it('when the vendor is a string, then it answers a 400 problem naming vendor', async () => {
    const res = await navigate({ path: '/dashboard', vendor: 'admin' });

    expectProblem(res, 400);
    expect(res.body.errors).toEqual(expect.arrayContaining([{ path: 'vendor', message: expect.any(String) }]));
  });

  it('when the body is not JSON although declared so, then it answers a 400 problem', async () => {
    const res = await request.post('/api/config/navigation').set('Content-Type', 'application/json').send('{"path": "/dashboard", vendor');

    expectProblem(res, 400);
  });

  it('when the body is sent as text/plain, then it answers a 415 problem', async () => {
    const res = await request
      .post('/api/config/navigation')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ path: '/dashboard', vendor: null }));

    expectProblem(res, 415);
  });

  it('when the body is empty, then it answers a 400 problem', async () => {
    const res = await request.post('/api/config/navigation');

    expectProblem(res, 400);
  });

  it.each([
    ['a JSON array', []],
    ['a JSON string', 'hello'],
    ['JSON null', null],
    ['an unknown top-level key', { path: '/dashboard', vendor: null, extra: 1 }],
    ['a category list of strings', { path: '/dashboard', vendor: completeVendor({ category: ['catering'] }) }],
    ['an ability that is not a list', { path: '/dashboard', vendor: completeVendor({ ability: 'manage all' }) }],
    ['a path far too long', { path: `/${'a'.repeat(5000)}`, vendor: null }],
  ])('when the body is %s, then it answers a 400 problem, never a 500', async (_what, body) => {
    const res = await request.post('/api/config/navigation').set('Content-Type', 'application/json').send(JSON.stringify(body));

    expectProblem(res, 400);
  });
});

describe('unknown paths', () => {
  it.each(['/api/anything', '/api/config/nothing-here', '/jwt/anything', '/somewhere/else'])(
    'when %s is requested, then it answers a 404 problem',
    async (path) => {
      const res = await request.get(path);

      expectProblem(res, 404);
    },
  );

  it('when an unknown API path is posted to, then it answers a 404 problem', async () => {
    const res = await request.post('/api/anything').send({ a: 1 });

    expectProblem(res, 404);
  });
});
