import { Router, type Response } from 'express';
import { escapeHtml } from './html';
import type { ProfileEntry, PublicPagesDeps } from './public-pages-shared';

/** URLs in one sitemap file (sitemaps.org: at most 50,000). */
export const SITEMAP_URL_LIMIT = 50_000;
/** Profiles read per query while walking them: the sitemap never holds more than this many rows. */
const PAGE_ROWS = 1_000;

export interface SitemapOptions {
  /** URLs per file before the sitemap becomes an index (default 50,000; tests pass a few). */
  urlLimit?: number;
  /** Rows per `listProfiles` query (default 1,000). */
  pageRows?: number;
}

/** What crawlers may read (robots.txt): a signed-in path that is a prefix of these is not disallowed. */
const PUBLIC_PREFIXES = ['/vendor-profile/', '/vendors'];

/** The pages listed before the profiles: the directory's front page. */
const STATIC_PATHS = ['/vendors'];

/** Every public profile in order, one page of rows at a time. */
async function* walkProfiles(deps: PublicPagesDeps, pageRows: number): AsyncGenerator<ProfileEntry> {
  let after: string | undefined;
  for (;;) {
    const rows = await deps.listProfiles({ after, limit: pageRows });
    yield* rows;
    if (rows.length < pageRows) return;
    after = rows[rows.length - 1]!.vendorId;
  }
}

/** How many URLs the sitemap holds, counted up to `stopAfter` (a page of rows at a time). */
async function countUrls(deps: PublicPagesDeps, pageRows: number, stopAfter = Infinity): Promise<number> {
  let count = STATIC_PATHS.length;
  for await (const _profile of walkProfiles(deps, pageRows)) {
    count += 1;
    if (count > stopAfter) break;
  }
  return count;
}

const urlTag = (base: string, path: string, lastmod?: number) =>
  `<url><loc>${escapeHtml(`${base}${path}`)}</loc>${lastmod === undefined ? '' : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`}</url>\n`;

/** Writes a chunk, waiting for the socket to drain when its buffer is full. */
async function write(res: Response, chunk: string): Promise<void> {
  if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
}

/** A urlset of the URLs numbered [from, from + limit): the static pages first, then the profiles. */
async function streamUrlset(res: Response, deps: PublicPagesDeps, base: string, from: number, limit: number, pageRows: number): Promise<void> {
  res.type('application/xml').setHeader('Cache-Control', 'no-cache');
  await write(res, '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
  let index = 0;
  for (const path of STATIC_PATHS) {
    if (index >= from && index < from + limit) await write(res, urlTag(base, path));
    index += 1;
  }
  if (index < from + limit) {
    for await (const profile of walkProfiles(deps, pageRows)) {
      if (index >= from) await write(res, urlTag(base, profile.profilePath, profile.updatedAt));
      index += 1;
      if (index >= from + limit) break;
    }
  }
  res.end('</urlset>\n');
}

/**
 * `GET /robots.txt` and the sitemap (docs/marketplace.md: Public profile and directory): `/sitemap.xml` is one
 * urlset while the public pages fit in one file, else an index of `/sitemap-<n>.xml`, each at most
 * `urlLimit` URLs. Profiles are read a page at a time and written as they come, never all at once.
 */
export function sitemapRouter(deps: PublicPagesDeps, options: SitemapOptions = {}): Router {
  const limit = options.urlLimit ?? SITEMAP_URL_LIMIT;
  const pageRows = Math.min(options.pageRows ?? PAGE_ROWS, limit);
  const base = () => deps.publicUrl.replace(/\/+$/, '');
  const router = Router();

  router.get('/robots.txt', (_req, res) => {
    const { table } = deps.schemas();
    // The signed-in app's pages by the part of their path before any parameter (robots rules match prefixes).
    const privatePrefixes = new Set(
      table.routes
        .filter((route) => route.meta.requiresAuth === true)
        .map((route) => route.path.split('/:')[0]!.replace(/\/+$/, ''))
        .filter((prefix) => prefix !== '' && !PUBLIC_PREFIXES.some((open) => open.startsWith(prefix))),
    );
    const lines = [
      'User-agent: *',
      ...PUBLIC_PREFIXES.map((prefix) => `Allow: ${prefix}`),
      'Disallow: /api/',
      'Disallow: /dev/',
      'Disallow: /requests/',
      ...[...privatePrefixes].sort().map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${base()}/sitemap.xml`,
      '',
    ];
    res.type('text/plain').setHeader('Cache-Control', 'no-cache');
    res.send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      if ((await countUrls(deps, pageRows, limit)) <= limit) {
        await streamUrlset(res, deps, base(), 0, limit, pageRows);
        return;
      }
      const files = Math.ceil((await countUrls(deps, pageRows)) / limit);
      const entries = Array.from({ length: files }, (_, i) => `<sitemap><loc>${escapeHtml(`${base()}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`);
      res.type('application/xml').setHeader('Cache-Control', 'no-cache');
      res.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`,
      );
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  });

  router.get(/^\/sitemap-([1-9]\d{0,5})\.xml$/, async (req, res, next) => {
    try {
      const n = Number((req.params as Record<string, string>)[0]);
      const from = (n - 1) * limit;
      // A site that fits in /sitemap.xml alone has no numbered file, nor has one past the last.
      const total = await countUrls(deps, pageRows, Math.max(from, limit));
      if (total <= limit || total <= from) {
        res.status(404).type('text/plain').setHeader('Cache-Control', 'no-cache');
        res.send('No such sitemap file.');
        return;
      }
      await streamUrlset(res, deps, base(), from, limit, pageRows);
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  });

  return router;
}
