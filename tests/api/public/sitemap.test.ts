import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPagesDeps, sitemapRouter, type PublicPagesDeps } from '../../../server/public';
import { aVendor } from '../../support/api/builders';
import { businessOf, freshCity } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const PUBLIC_URL = 'http://127.0.0.1:3000';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc as string);

/**
 * robots.txt and the sitemap (docs/marketplace.md: Public profile and directory), served with no client built:
 * every public profile with its lastmod, one urlset until the limit, then an index of files.
 */
describe.each(TEST_DATABASES)('the sitemap and robots.txt on %s', (kind) => {
  let ctx: TestContext;
  const vendorIds: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
    const city = freshCity(ctx);
    for (let i = 0; i < 5; i += 1) vendorIds.push(businessOf(await aVendor(ctx, { city, businessName: `Bloom & Co ${i}` })));
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** The real queries, with every page the sitemap asks for recorded. */
  function recordedDeps(asked: number[]): PublicPagesDeps {
    const deps = publicPagesDeps(ctx.deps);
    return { ...deps, listProfiles: (page) => (asked.push(page.limit), deps.listProfiles(page)) };
  }

  it('when robots.txt is requested, then it allows the profiles and directory, disallows the signed-in app, the API, dev tools and private request links, and names the sitemap', async () => {
    const res = await supertest(ctx.app).get('/robots.txt').expect(200);
    expect(res.type).toBe('text/plain');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of [
      'Allow: /vendor-profile/',
      'Allow: /vendors',
      'Disallow: /api/',
      'Disallow: /dev/',
      'Disallow: /requests/',
      'Disallow: /dashboard',
      'Disallow: /billing',
      'Disallow: /edit-profile',
    ])
      expect(lines, line).toContain(line);
    expect(lines).not.toContain('Disallow: /');
    expect(lines.some((line) => /^Disallow: \/vendor/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('when the sitemap fits in one file, then /sitemap.xml is a urlset of the directory and every public profile with its lastmod', async () => {
    const res = await supertest(ctx.app).get('/sitemap.xml').expect(200);
    expect(res.type).toBe('application/xml');
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = locs(res.text);
    expect(listed).toContain(`${PUBLIC_URL}/vendors`);
    for (const id of vendorIds) expect(listed).toContainEqual(expect.stringMatching(new RegExp(`^${PUBLIC_URL}/vendor-profile/${id}/bloom-co-\\d$`)));
    expect(listed).toHaveLength(vendorIds.length + 1);
    expect(res.text.match(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/g)).toHaveLength(vendorIds.length);
    expect((await supertest(ctx.app).get('/sitemap-1.xml')).status).toBe(404);
  });

  it('when the URLs pass the limit, then /sitemap.xml is an index of files each within the limit that together list every URL once, read a page at a time', async () => {
    const asked: number[] = [];
    const app = express().use(sitemapRouter(recordedDeps(asked), { urlLimit: 3, pageRows: 2 }));
    const index = await supertest(app).get('/sitemap.xml').expect(200);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.text);
    expect(files).toEqual([1, 2].map((n) => `${PUBLIC_URL}/sitemap-${n}.xml`));
    const all: string[] = [];
    for (const file of files) {
      const res = await supertest(app).get(new URL(file).pathname).expect(200);
      expect(res.text).toContain('<urlset');
      const urls = locs(res.text);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(3);
      all.push(...urls);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(vendorIds.length + 1);
    for (const id of vendorIds) expect(all.some((url) => url.includes(id))).toBe(true);
    expect((await supertest(app).get('/sitemap-3.xml')).status).toBe(404);
    expect(Math.max(...asked)).toBe(2);
  });

  it('when the public URL holds XML characters, then they are escaped in every loc', async () => {
    const app = express().use(sitemapRouter({ ...publicPagesDeps(ctx.deps), publicUrl: 'https://example.com/a&b' }));
    const res = await supertest(app).get('/sitemap.xml').expect(200);
    expect(res.text).toContain('<loc>https://example.com/a&amp;b/vendors</loc>');
    expect(res.text).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
  });
});
