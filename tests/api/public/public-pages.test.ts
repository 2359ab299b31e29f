import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCompletedQuote, aVendor } from '../../support/api/builders';
import { agent } from '../../support/api/http';
import { businessOf, freshCity, saveForm, signInAgain, type Seller } from '../../support/api/marketplace';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { makePng, upload } from '../profile/support';
import { EMBEDDED_DIRECTORY_ELEMENT_ID, EMBEDDED_VENDOR_ELEMENT_ID, type EmbeddedDirectory, type PublicVendor } from '../../../shared/contracts/public-vendors';

/** The built index.html's shape: nonce placeholders, a title and an empty description, the entry script in the head, the overlay and #root. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <meta name="description" content="" />
    <title>Vendor dashboard</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <script src="/boot-skin.js" nonce="__CSP_NONCE__"></script>
    <div id="app-loading" class="app-loading" role="status" aria-live="polite"></div>
    <div id="root"></div>
  </body>
</html>
`;

const PUBLIC_URL = 'http://127.0.0.1:3000';
const ABOUT = `Hand-tied bouquets & "garden" arches for weddings across Texas since 2009. ${'We grow most of what we arrange. '.repeat(8)}</script><script>alert(1)</script>`;

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const meta = (html: string, key: 'name' | 'property', name: string) =>
  attr(html, new RegExp(`<meta ${key}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`));
const unescape = (text: string | undefined) =>
  text
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
/** The search and page a directory page carries for the app; fails the test when it carries none. */
const embeddedDirectoryOf = (html: string) => {
  const script = new RegExp(`<script type="application/json" id="${EMBEDDED_DIRECTORY_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  expect(script).not.toBeNull();
  return JSON.parse(script![1] as string) as EmbeddedDirectory;
};
const jsonLdOf = (html: string) => {
  const script = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return script ? (JSON.parse(script[1] as string) as Record<string, unknown>) : null;
};

/**
 * The public pages as the server sends them (docs/marketplace.md: Public profile and directory): raw HTML, no
 * JavaScript: what a crawler or a link preview reads.
 */
describe('the public profile and directory pages', () => {
  let ctx: TestContext;
  let dir: string;
  let florist: Seller;
  let vendorId: string;
  let city: string;
  let logo: { url: string; width: number; height: number };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'public-pages-'));
    await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'boot-skin.js'), "document.documentElement.setAttribute('data-boot-skin', '');\n");
    ctx = await createTestContext({
      clientDir: dir,
      uploadsDir: path.join(dir, 'uploads'),
      rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 },
    });
    city = freshCity(ctx);
    florist = await aVendor(ctx, { city, businessName: 'Toast & Tulip Café' });
    vendorId = businessOf(florist);
    await saveForm(ctx, florist, 'edit-profile', { business_name: 'Toast & Tulip Café', about: ABOUT, service_area: 'Central Texas' });
    const { token, quote } = await aCompletedQuote(ctx, florist, { customer: { name: 'Maria Garcia' } });
    const posted = await agent(ctx)
      .post(`/api/public/requests/${token}/quotes/${quote.id}/review`)
      .send({ rating: 4, title: 'Lovely', body: 'Fresh flowers, on time.' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    await signInAgain(ctx, florist);
    const uploaded = await upload(ctx, florist.accessToken, '/api/profile/logo', await makePng(300, 200), { filename: 'logo.png' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    logo = (uploaded.body as { data: typeof logo }).data;
  });

  afterAll(async () => {
    await ctx?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const profilePath = () => `/vendor-profile/${vendorId}/toast-tulip-cafe`;

  let placeOfTwoPages: Promise<string> | undefined;
  /** The slug of a place 21 florists serve: a directory of two pages (made once, for the tests that page). */
  const aPlaceOfTwoPages = () =>
    (placeOfTwoPages ??= (async () => {
      const place = freshCity(ctx);
      for (let i = 0; i < 21; i += 1) await aVendor(ctx, { city: place });
      return place.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    })());

  it('when a profile is requested, then its head carries, before any script, the title, description, canonical, Open Graph and Twitter tags and LocalBusiness JSON-LD with its rating', async () => {
    const res = await supertest(ctx.app).get(profilePath()).expect(200);
    expect(res.type).toBe('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.text;
    const head = headOf(html);
    expect(unescape(attr(head, /<title>([^<]*)<\/title>/))).toBe(`Toast & Tulip Café · Florist in ${city} | Vowly Pro`);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).not.toContain('<meta name="description" content="" />');
    const description = unescape(meta(head, 'name', 'description'))!;
    expect(description.startsWith('Hand-tied bouquets & "garden" arches for weddings across Texas since 2009.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(155);
    const url = `${PUBLIC_URL}${profilePath()}`;
    expect(attr(head, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(meta(head, 'property', 'og:url')).toBe(url);
    expect(meta(head, 'property', 'og:type')).toBe('business.business');
    expect(unescape(meta(head, 'property', 'og:title'))).toBe(`Toast & Tulip Café · Florist in ${city}`);
    expect(unescape(meta(head, 'property', 'og:description'))).toBe(description);
    expect(meta(head, 'property', 'og:image')).toBe(`${PUBLIC_URL}${logo.url}`);
    expect(meta(head, 'property', 'og:image:width')).toBe(String(logo.width));
    expect(meta(head, 'property', 'og:image:height')).toBe(String(logo.height));
    expect(meta(head, 'name', 'twitter:image')).toBe(`${PUBLIC_URL}${logo.url}`);
    expect(meta(head, 'name', 'twitter:card')).toMatch(/^summary/);
    expect(unescape(meta(head, 'name', 'twitter:title'))).toBe(`Toast & Tulip Café · Florist in ${city}`);
    expect(unescape(meta(head, 'name', 'twitter:description'))).toBe(description);

    // Every tag of the page comes before the first script of the head (the entry).
    expect(head.indexOf('<link rel="canonical"')).toBeLessThan(head.indexOf('<script type="module"'));
    expect(head.indexOf('application/ld+json')).toBeLessThan(head.indexOf('<script type="module"'));

    const ld = jsonLdOf(head)!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Toast & Tulip Café',
      url,
      image: `${PUBLIC_URL}${logo.url}`,
      description: ABOUT,
      address: { '@type': 'PostalAddress', addressLocality: city.split(', ')[0], addressRegion: city.split(', ')[1] },
      aggregateRating: { ratingValue: 4, reviewCount: 1, bestRating: 5 },
    });
    expect((ld.review as unknown[])[0]).toMatchObject({
      author: { '@type': 'Person', name: 'Maria G.' },
      reviewRating: { ratingValue: 4 },
      reviewBody: 'Fresh flowers, on time.',
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // What the vendor wrote cannot close the JSON-LD script nor open one.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script>/g)).toBeNull();
  });

  it('when a profile is requested, then its body is readable without JavaScript right after the empty #root (React leaves it there until the page draws), styled by a nonce style tag, and the loading overlay is hidden', async () => {
    const res = await supertest(ctx.app).get(profilePath()).expect(200);
    const nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const html = res.text;
    expect(html).not.toContain('__CSP_NONCE__');
    expect(html).toContain(`<style nonce="${nonce}">.pp{`);
    expect(html).toMatch(/<div id="root"><\/div>\s*<div id="page-prerender"><main class="pp" id="public-profile-prerender">/);
    const root = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</div>'));
    expect(root).toContain('<h1>Toast &amp; Tulip Café</h1>');
    expect(root).toContain(`<img class="pp-logo" src="${logo.url}" width="${logo.width}" height="${logo.height}"`);
    expect(root).toContain('Hand-tied bouquets &amp; &quot;garden&quot; arches');
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root).toContain('4.0 out of 5 · 1 review');
    expect(root).toContain('Maria G.');
    expect(root).toContain('Fresh flowers, on time.');
    expect(root).toContain('Serves Central Texas');
    expect(root).toMatch(new RegExp(`<a class="pp-button" href="/request-quotes\\?category=florist&amp;vendor=${vendorId}">Request a quote</a>`));
    expect(html).toContain('<div id="app-loading" class="app-loading" hidden');
    // No script is fetched before the page paints: boot-skin.js comes inline, and the only script of the head is the entry module (deferred).
    expect(html).toContain(`<script nonce="${nonce}">document.documentElement.setAttribute('data-boot-skin', '');</script>`);
    expect(html).not.toContain('<script src="/boot-skin.js"');
    expect(html.indexOf('<script nonce=')).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it('when a profile is requested, then it carries the PublicVendor it was drawn from as JSON after #root, equal to the API answer, that no text can break out of', async () => {
    const res = await supertest(ctx.app).get(profilePath()).expect(200);
    const html = res.text;
    const script = new RegExp(`<script type="application/json" id="${EMBEDDED_VENDOR_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    expect(script).not.toBeNull();
    const embedded = JSON.parse(script![1] as string) as PublicVendor;
    const api = await supertest(ctx.app).get(`/api/public/vendors/${vendorId}`).expect(200);
    expect(embedded).toEqual((api.body as { data: PublicVendor }).data);
    expect(embedded.about).toBe(ABOUT);
    // The vendor's "</script><script>alert(1)</script>" stays inside the JSON as \u escapes: the block's text has no "<" at all.
    expect(script![1]).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(html).not.toContain('</script><script>alert(1)');
    // Outside #root (React empties the root before the page's chunk reads it), right after the page.
    expect(html.indexOf(script![0])).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.slice(html.indexOf('<div id="root">'), html.indexOf(script![0])).trimEnd().endsWith('</main></div>')).toBe(true);
    // Data, never run: no nonce, and the CSP's script-src stays nonce-only.
    expect(script![0]).not.toContain('nonce');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    // A 404 page carries none.
    const missing = await supertest(ctx.app).get('/vendor-profile/00000000-0000-4000-8000-000000000000/x');
    expect(missing.text).not.toContain(EMBEDDED_VENDOR_ELEMENT_ID);
  });

  it("when the profile's JSON is asked for again at once (a kept answer, before Express), then the same body and headers come, with its ETag and 304; a save changes it", async () => {
    const url = `/api/public/vendors/${vendorId}`;
    const first = await supertest(ctx.app).get(url).expect(200);
    const second = await supertest(ctx.app).get(url).expect(200);
    expect(second.text).toBe(first.text);
    const names = (res: supertest.Response) =>
      Object.keys(res.headers)
        .filter((name) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(name))
        .sort();
    expect(names(second)).toEqual(names(first));
    for (const name of names(first)) expect(second.headers[name], name).toBe(first.headers[name]);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[\w+/=]+"$/);
    const revalidated = await supertest(ctx.app)
      .get(url)
      .set('If-None-Match', first.headers.etag as string);
    expect(revalidated.status).toBe(304);
    expect((await supertest(ctx.app).head(url).expect(200)).headers.etag).toBe(first.headers.etag);
    // Upper-case ids name the same business.
    expect((await supertest(ctx.app).get(url.toUpperCase().replace('/API/PUBLIC/VENDORS/', '/api/public/vendors/')).expect(200)).text).toBe(first.text);

    await saveForm(ctx, florist, 'edit-profile', { business_name: 'Toast & Tulip Café', about: ABOUT, service_area: 'All of Texas' });
    const after = await supertest(ctx.app)
      .get(url)
      .set('If-None-Match', first.headers.etag as string);
    expect(after.status).toBe(200);
    expect((after.body as { data: PublicVendor }).data.serviceArea).toBe('All of Texas');
    await saveForm(ctx, florist, 'edit-profile', { business_name: 'Toast & Tulip Café', about: ABOUT, service_area: 'Central Texas' });
    const restored = (await supertest(ctx.app).get(url).expect(200)).body as { data: PublicVendor };
    expect(restored.data.serviceArea).toBe('Central Texas');
    expect(restored.data.updatedAt).toBeGreaterThan((first.body as { data: PublicVendor }).data.updatedAt);
  });

  it('when a page is asked for again at once (a kept render, answered before Express), then it comes with the same headers, ETag and page, and a fresh nonce', async () => {
    const url = `/vendor-profile/${vendorId}/toast-tulip-cafe?from=share`;
    const first = await supertest(ctx.app).get(url).expect(200);
    const second = await supertest(ctx.app).get(url).expect(200);
    const nonceOf = (res: supertest.Response) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] ?? '')?.[1] ?? '';
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.text).toContain(`<style nonce="${nonceOf(second)}">`);
    expect(second.text.replaceAll(nonceOf(second), 'N')).toBe(first.text.replaceAll(nonceOf(first), 'N'));
    const names = (res: supertest.Response) =>
      Object.keys(res.headers)
        .filter((name) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(name))
        .sort();
    expect(names(second)).toEqual(names(first));
    for (const name of names(first))
      expect(String(second.headers[name]).replaceAll(nonceOf(second), 'N'), name).toBe(String(first.headers[name]).replaceAll(nonceOf(first), 'N'));
    expect(
      (
        await supertest(ctx.app)
          .get(url)
          .set('If-None-Match', first.headers.etag as string)
      ).status,
    ).toBe(304);
    const head = await supertest(ctx.app).head(url).expect(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('when the slug is wrong, missing or cased otherwise, then it is a 301 to the right path, query kept', async () => {
    for (const wrong of [`/vendor-profile/${vendorId}/old-name`, `/vendor-profile/${vendorId}`, `/Vendor-Profile/${vendorId}/toast-tulip-cafe`]) {
      const res = await supertest(ctx.app).get(`${wrong}?utm_source=mail`);
      expect(res.status, wrong).toBe(301);
      expect(res.headers.location, wrong).toBe(`${profilePath()}?utm_source=mail`);
    }
  });

  it('when the business is unknown or the id has odd characters, then it is the app 404 page with status 404 and noindex, never a 500', async () => {
    for (const bad of [
      '/vendor-profile/00000000-0000-4000-8000-000000000000/x',
      '/vendor-profile/%3Cscript%3E/x',
      '/vendor-profile/..%2F..%2Fetc/x',
      "/vendor-profile/1'%20OR%201=1/x",
      '/vendor-profile/123/x',
      `/vendor-profile/${'a'.repeat(500)}/x`,
    ]) {
      const res = await supertest(ctx.app).get(bad);
      expect(res.status, bad).toBe(404);
      expect(res.type).toBe('text/html');
      expect(res.text, bad).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).toContain('<div id="root"></div>');
    }
  });

  it('when the page comes again with its ETag, then it is a 304; once the profile is saved, the ETag changes and the new text is served', async () => {
    const first = await supertest(ctx.app).get(profilePath()).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The ETag does not hang on the per-response nonce.
    expect((await supertest(ctx.app).get(profilePath())).headers.etag).toBe(etag);
    const again = await supertest(ctx.app).get(profilePath()).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');

    await saveForm(ctx, florist, 'edit-profile', { business_name: 'Toast & Tulip Café', about: 'Now with dried flowers too.', service_area: 'Central Texas' });
    const after = await supertest(ctx.app).get(profilePath()).set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.text).toContain('Now with dried flowers too.');
  });

  it('when the directory of a category and place is requested, then its title, description and canonical are server-rendered and each vendor is a crawlable link to its profile', async () => {
    const slug = city.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const res = await supertest(ctx.app).get(`/vendors/florist/${slug}`).expect(200);
    const head = headOf(res.text);
    expect(unescape(attr(head, /<title>([^<]*)<\/title>/))).toBe(`Florist vendors in ${city} | Vowly Pro`);
    expect(unescape(meta(head, 'name', 'description'))).toMatch(new RegExp(`serves? ${city}`));
    expect(attr(head, /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/vendors/florist/${slug}`);
    expect(res.text).toContain(`<a href="${profilePath()}">Toast &amp; Tulip Café</a>`);
    expect(res.headers.etag).toBeTruthy();
  });

  it('when the directory of a category and place is requested, then its first page comes as JSON after the page, with the search it answered, equal to the API answer', async () => {
    const slug = city.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const res = await supertest(ctx.app).get(`/vendors/florist/${slug}`).expect(200);
    const embedded = embeddedDirectoryOf(res.text);
    expect(embedded).toMatchObject({ category: 'florist', sort: 'rating' });
    expect(embedded).not.toHaveProperty('cursor');
    const api = await supertest(ctx.app)
      .get('/api/public/vendors')
      .query({ category: embedded.category, place: embedded.place, sort: embedded.sort })
      .expect(200);
    expect(embedded.page).toEqual(api.body);
    expect(embedded.page.data.map((card) => card.name)).toContain('Toast & Tulip Café');
  });

  it('when the directory spans more than a page, then a link goes on to the next page with ?cursor=', async () => {
    const slug = await aPlaceOfTwoPages();
    const first = await supertest(ctx.app).get(`/vendors/florist/${slug}`).expect(200);
    expect(first.text.match(/<a href="\/vendor-profile\//g)).toHaveLength(20);
    const next = /<a class="pp-button" rel="next" href="([^"]+)">/.exec(first.text)?.[1];
    expect(next).toMatch(new RegExp(`^/vendors/florist/${slug}\\?cursor=`));
    const second = await supertest(ctx.app).get(unescape(next)!).expect(200);
    expect(second.text.match(/<a href="\/vendor-profile\//g)!.length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('when a later page (?cursor=) is requested, then it is drawn like the first: its cards, and its search with the cursor and its page as JSON, equal to the API answer', async () => {
    const slug = await aPlaceOfTwoPages();
    const first = embeddedDirectoryOf((await supertest(ctx.app).get(`/vendors/florist/${slug}?sort=distance`).expect(200)).text);
    const cursor = first.page.nextCursor!;
    const res = await supertest(ctx.app)
      .get(`/vendors/florist/${slug}?sort=distance&cursor=${encodeURIComponent(cursor)}`)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const embedded = embeddedDirectoryOf(res.text);
    expect(embedded).toMatchObject({ category: 'florist', place: first.place, sort: 'distance', cursor });
    const api = await supertest(ctx.app).get('/api/public/vendors').query({ category: 'florist', place: first.place, sort: 'distance', cursor }).expect(200);
    expect(embedded.page).toEqual(api.body);
    expect(embedded.page.data).toHaveLength(1);
    const [card] = embedded.page.data;
    expect(res.text).toContain(`<a href="${card!.profilePath}">`);
    expect(first.page.data.map((vendor) => vendor.vendorId)).not.toContain(card!.vendorId);
    expect(attr(headOf(res.text), /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/vendors/florist/${slug}?cursor=${encodeURIComponent(cursor)}`);
  }, 60_000);

  it('when the cursor is not a page of this list (made up, too long, or of another order), then it is a 400 page naming cursor, never a 500', async () => {
    const slug = await aPlaceOfTwoPages();
    const byRating = embeddedDirectoryOf((await supertest(ctx.app).get(`/vendors/florist/${slug}`).expect(200)).text);
    const cursors = ['abc', '20_x.forged', 'a'.repeat(300), '%E0%A4%A', byRating.page.nextCursor!];
    for (const cursor of cursors) {
      const res = await supertest(ctx.app).get(`/vendors/florist/${slug}?sort=distance&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.text, cursor).toContain('<strong>cursor</strong>');
      expect(res.text, cursor).toContain('<meta name="robots" content="noindex" />');
      expect(res.text, cursor).not.toContain(EMBEDDED_DIRECTORY_ELEMENT_ID);
    }
  }, 60_000);

  it('when the category or the place is unknown, then it is a 400 page naming the field', async () => {
    const category = await supertest(ctx.app).get('/vendors/unicorns/austin-tx');
    expect(category.status).toBe(400);
    expect(category.text).toContain('<strong>category</strong>');
    expect(category.text).toContain('<meta name="robots" content="noindex" />');
    for (const place of ['nowhere-zz', 'austinn-tx', 'austin', '%3Cb%3E']) {
      const res = await supertest(ctx.app).get(`/vendors/florist/${place}`);
      expect(res.status, place).toBe(400);
      expect(res.text, place).toContain('<strong>place</strong>');
      expect(res.text, place).not.toContain('<strong>category</strong>');
    }
    const sort = await supertest(ctx.app).get('/vendors/florist/austin-tx?sort=price');
    expect(sort.status).toBe(400);
    expect(sort.text).toContain('<strong>sort</strong>');
  });

  it('when /vendors is requested, then it has its title and a link for each category', async () => {
    const res = await supertest(ctx.app).get('/vendors').expect(200);
    expect(unescape(attr(headOf(res.text), /<title>([^<]*)<\/title>/))).toBe('Find wedding and event vendors | Vowly Pro');
    expect(attr(headOf(res.text), /<link rel="canonical" href="([^"]*)"/)).toBe(`${PUBLIC_URL}/vendors`);
    for (const category of ctx.store.current().config.categoryFiles) expect(res.text).toContain(`href="/vendors?category=${category.id}"`);
  });

  it('when another app path is requested, then index.html is served as before, untouched', async () => {
    const res = await supertest(ctx.app).get('/dashboard').expect(200);
    expect(res.text).toContain('<title>Vendor dashboard</title>');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers.etag ?? '').not.toMatch(/^"[\w-]{32}"$/);
  });
});
