import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import appJson from '../../../schemas/app.json';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Category } from '../../../shared/contracts/category';
import type { DirectoryVendor, PublicReview, PublicVendor } from '../../../shared/contracts/public-vendors';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { createFakeServer, type FakeCall, type FakeReply } from '../http-test-server';

export const VENDOR_ID = '0b9e6c1e-2f0a-4c55-9b1e-5d6f7a8b9c01';

function category(id: string, label: string, vendorTypeId: number): Category {
  return {
    id,
    label,
    serviceName: label.toLowerCase(),
    priceLine: 'Packages start at {price}.',
    vendorTypeId,
    slugs: { profile: id, quoteDetail: id, autoResponse: id },
    routes: { profile: `${id}-profile`, quoteDetail: `${id}-quote-detail`, autoResponse: `auto-response-${id}` },
    forms: { autoResponse: `auto-response-${id}`, request: `request-${id}`, quote: `quote-${id}` },
    leadCost: 1,
  };
}

export const categories = [category('bakery', 'Bakery', 1), category('florist', 'Florist', 6)];

const full = { requiresAuth: false, layout: 'full' } as const;
export const routes: Route[] = [
  { name: 'login', path: '/', page: 'login', meta: { ...full } },
  { name: 'vendor-profile', path: '/vendor-profile/:adminId/:slug', page: 'vendor-profile', meta: { title: 'Vendor profile', ...full } },
  { name: 'vendors', path: '/vendors', page: 'vendors', meta: { title: 'Find vendors', ...full } },
  { name: 'vendors-search', path: '/vendors/:category/:place', page: 'vendors', meta: { title: 'Find vendors', ...full } },
  { name: 'request-quotes', path: '/request-quotes', page: 'request-quotes', meta: { title: 'Get quotes', ...full } },
  { name: 'error-404', path: '/error-404', page: 'error-404', meta: { ...full } },
];

export const config = { app: appConfigSchema.parse(appJson), routes, categories, table: createRouteTable(routes), guardRules: [] };

/** Renders `page` for the routes whose page is `pageName` (the others draw their name), starting at `at`. */
export function renderPage(pageName: string, page: ReactElement, at: string) {
  const router = createMemoryRouter(
    routes.map((route) => ({ path: route.path, handle: { route }, element: route.page === pageName ? page : <p>{`Page ${route.name}`}</p> })),
    { initialEntries: [at] },
  );
  render(
    <ConfigContext.Provider value={config}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigContext.Provider>,
  );
  return router;
}

type Handler = (query: URLSearchParams, call: FakeCall) => FakeReply | Promise<FakeReply>;

/**
 * A public API behind the axios instance: `on(path, handler)` answers a path whatever its query
 * string (the handler reads the query); any other path is a 404 problem.
 */
export function publicServer() {
  const server = createFakeServer({ accessToken: null, refreshToken: null });
  const handlers = new Map<string, Handler>();
  const adapter: AxiosAdapter = (request) => {
    const url = request.url ?? '';
    const [path = '', query = ''] = url.split('?');
    const handler = handlers.get(path);
    server.on(url, (call) => (handler ? handler(new URLSearchParams(query), call) : { status: 404, body: problem(404, 'Not Found') }));
    return server.adapter(request);
  };
  http.defaults.adapter = adapter;
  return {
    on(path: string, handler: Handler) {
      handlers.set(path, handler);
    },
    calls: server.calls,
    /** Calls whose path (before `?`) is `path`. */
    callsTo(path: string) {
      return server.calls.filter((call) => call.url.split('?')[0] === path);
    },
  };
}

export function problem(status: number, title: string, extra: Record<string, unknown> = {}) {
  return { type: 'about:blank', title, status, ...extra };
}

export function aReview(n: number, extra: Partial<PublicReview> = {}): PublicReview {
  return {
    id: `review-${n}`,
    rating: 5,
    title: `Review title ${n}`,
    body: `Review body ${n}`,
    author: `Author ${n}.`,
    createdAt: Date.UTC(2026, 2, n),
    reply: null,
    repliedAt: null,
    ...extra,
  };
}

export function aPublicVendor(extra: Partial<PublicVendor> = {}): PublicVendor {
  return {
    vendorId: VENDOR_ID,
    name: 'Sweet Layers Bakery',
    profilePath: `/vendor-profile/${VENDOR_ID}/sweet-layers-bakery`,
    about: 'Wedding cakes baked in Austin since 2009.',
    city: 'Austin, TX',
    serviceArea: 'Austin and the Hill Country',
    serviceRadiusMiles: 50,
    logo: { url: '/uploads/logo.png', width: 200, height: 200 },
    gallery: [
      { id: 'p1', url: '/uploads/p1.jpg', thumbUrl: '/uploads/p1-thumb.jpg', width: 1600, height: 1200 },
      { id: 'p2', url: '/uploads/p2.jpg', thumbUrl: '/uploads/p2-thumb.jpg', width: 1600, height: 1200 },
    ],
    categories: [
      {
        id: 'bakery',
        label: 'Bakery',
        highlights: ['Cakes from $7.50 a slice', 'Offers: tastings, delivery'],
        requestPath: `/request-quotes?category=bakery&vendor=${VENDOR_ID}`,
      },
    ],
    contact: { phone: null, email: null, website: 'https://sweetlayers.example', instagram: '@sweetlayers', facebook: null },
    rating: { average: 4.7, count: 3, distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } },
    responseHours: 3,
    reviews: [aReview(1, { reply: 'Thank you, Maria!' }), aReview(2)],
    reviewsNextCursor: 'cursor-2',
    updatedAt: Date.UTC(2026, 10, 1),
    ...extra,
  };
}

export function aDirectoryVendor(n: number, extra: Partial<DirectoryVendor> = {}): DirectoryVendor {
  const id = `0b9e6c1e-2f0a-4c55-9b1e-${String(n).padStart(12, '0')}`;
  return {
    vendorId: id,
    name: `Bakery ${n}`,
    profilePath: `/vendor-profile/${id}/bakery-${n}`,
    city: 'Austin, TX',
    image: { url: `/uploads/${n}.jpg`, width: 400, height: 400 },
    highlights: [`Cakes from $${n}.00 a slice`],
    rating: { average: 4.5, count: 10 + n },
    responseHours: n === 1 ? 2 : null,
    distanceMiles: 12 + n,
    requestPath: `/request-quotes?category=bakery&vendor=${id}`,
    ...extra,
  };
}
