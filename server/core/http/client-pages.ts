import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { SIGN_IN_HTML_FILE } from '../../../shared/prerender/sign-in-placeholders';
import { PRERENDERED_PAGE_ID } from '../../../shared/prerender/prerendered-page';
import { pickEncoding } from './precomputed-response';
import { captureHeaders, pageSecurityHeaders } from './security-headers';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/** Reads a page of the build, re-reading it only when a new build replaced it. */
function pageReader(file: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  return (): string | null => {
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);

/** The prerendered sign-in page (the build's sign-in.html): its path, and its placeholders' values (plain text). */
export interface SignInPage {
  path: string;
  values: Readonly<Record<string, string>>;
}

/** What a module's page answers: the page (its status, its head tags and body fragment, already escaped), a redirect, or null to leave the path to the app. */
export type RenderedPage =
  | {
      status: number;
      /** Tags written in index.html's head before any script (its title and empty description give way to them). */
      head: string;
      /** HTML drawn beside the root element (PRERENDERED_PAGE_ID) until the app's page draws and removes it. */
      body: string;
      /** CSS for that HTML, written as a style tag carrying this response's nonce. */
      css?: string;
      /**
       * HTML written after the page, outside the root element (React empties the root as it first
       * renders, before the page's chunk has loaded): data the page reads as it starts, as
       * `<script type="application/json">` (never executed: the CSP's script-src does not apply).
       */
      after?: string;
    }
  | { status: 301; redirect: string };

/** The request as a module's page sees it: its path and its query string (with the "?", or ""). */
export interface PageRequest {
  path: string;
  search: string;
}

/**
 * A page a module serves inside index.html (crawlers and link previews read it before any
 * script runs): `match` picks the paths, `render` draws them. Core names no module: app.ts hands
 * the modules' pages over.
 */
export interface ModulePage {
  match(path: string): boolean;
  render(req: PageRequest): Promise<RenderedPage | null>;
  /** The page as already rendered and still good (a cache), synchronously, or null: lets the fast path answer without Express. */
  peek?(req: PageRequest): RenderedPage | null;
}

const TITLE = /<title>[^<]*<\/title>\s*/;
const EMPTY_DESCRIPTION = /<meta name="description" content="" \/>\s*/;
const ROOT = '<div id="root"></div>';
const OVERLAY = '<div id="app-loading" class="app-loading"';

/**
 * index.html with a module's page in it: the head tags before the first script of the head (or
 * its end), the body in an element right after the empty root element (outside it, so React's
 * first render leaves it on screen until the app's page draws and removes it), and the loading
 * overlay hidden so the page shows at once. Nonce placeholders are filled before the module's
 * markup goes in, so nothing a vendor wrote can ever receive the nonce.
 */
export function fillPage(indexHtml: string, page: { head: string; body: string; css?: string; after?: string }, nonce: string): string {
  const html = indexHtml.replace(NONCE_PLACEHOLDER, nonce).replace(TITLE, '').replace(EMPTY_DESCRIPTION, '');
  const headEnd = html.indexOf('</head>');
  const firstScript = html.indexOf('<script');
  const at = firstScript >= 0 && firstScript < headEnd ? firstScript : headEnd;
  const style = page.css ? `<style nonce="${nonce}">${page.css.replace(/<\//g, '<\\/')}</style>\n    ` : '';
  const head = at >= 0 ? `${html.slice(0, at)}${page.head}\n    ${style}${html.slice(at)}` : html;
  const body = page.body ? `\n    <div id="${PRERENDERED_PAGE_ID}">${page.body}</div>` : '';
  const after = page.after ? `\n    ${page.after}` : '';
  return head.replace(OVERLAY, () => `${OVERLAY} hidden`).replace(ROOT, () => `${ROOT}${body}${after}`);
}

type Page = { status: number; head: string; body: string; css?: string; after?: string };
/** The ETag of a page object a module serves again (a cached render), with the index.html it was computed over. */
const etags = new WeakMap<Page, { indexHtml: string; etag: string }>();

const BOOT_SKIN_FILE = 'boot-skin.js';
const BOOT_SKIN = /<script src="\/boot-skin\.js" nonce="__CSP_NONCE__"><\/script>/;

/**
 * index.html with public/boot-skin.js written inline, as the sign-in page has it: a module page
 * then paints without fetching a script first (it still applies the kept skin before the paint).
 */
function inlineBootSkin(indexHtml: string, script: string | null): string {
  if (!script || /<\/script/i.test(script)) return indexHtml;
  return indexHtml.replace(BOOT_SKIN, () => `<script nonce="__CSP_NONCE__">${script.trim()}</script>`);
}

/** A strong validator of a page as built from this index.html, whatever the response's nonce. */
function pageEtag(indexHtml: string, page: Page): string {
  const known = etags.get(page);
  if (known?.indexHtml === indexHtml) return known.etag;
  const hash = createHash('sha256');
  for (const part of [String(page.status), indexHtml, page.head, page.css ?? '', page.body, page.after ?? '']) hash.update(part).update('\0');
  const etag = `"${hash.digest('base64url').slice(0, 32)}"`;
  etags.set(page, { indexHtml, etag });
  return etag;
}

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

const NONCE_MARK = 'fast-path-nonce-mark';

/**
 * Module pages a page's `peek` has ready, answered before Express (docs/marketplace.md: Public profile and
 * directory): the same headers as the Express route (the page security headers, captured once
 * with a mark where the nonce goes, and a fresh nonce per response), the same ETag and 304.
 * Returns false for anything else (no such page, not rendered yet, not a 200, no build).
 */
export function createModulePagesFastPath(clientDir: string, pages: readonly ModulePage[]) {
  const readIndex = pageReader(path.join(clientDir, 'index.html'));
  const readBootSkin = pageReader(path.join(clientDir, BOOT_SKIN_FILE));
  const helmetHeaders = pageSecurityHeaders[1] as RequestHandler;
  const headers = captureHeaders((req, res, next) => {
    res.locals.cspNonce = NONCE_MARK;
    helmetHeaders(req, res, next);
  });
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || pages.every((page) => !page.peek)) return false;
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const request = { path: query === -1 ? url : url.slice(0, query), search: query === -1 ? '' : url.slice(query) };
    const page = pages.find((candidate) => candidate.match(request.path))?.peek?.(request);
    if (!page || 'redirect' in page || page.status !== 200) return false;
    const index = readIndex();
    if (!index) return false;
    const html = inlineBootSkin(index, readBootSkin());
    const nonce = randomBytes(18).toString('base64');
    for (const [name, value] of headers) res.setHeader(name, value.replaceAll(NONCE_MARK, nonce));
    const etag = pageEtag(html, page);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const body = fillPage(html, page, nonce);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

async function serveModulePage(pages: readonly ModulePage[], html: string, req: Request, res: Response): Promise<boolean> {
  const page = pages.find((candidate) => candidate.match(req.path));
  if (!page) return false;
  const rendered = await page.render({ path: req.path, search: req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '' });
  if (!rendered) return false;
  if ('redirect' in rendered) {
    res.redirect(rendered.status, rendered.redirect);
    return true;
  }
  res.status(rendered.status);
  if (rendered.status === 200) {
    const etag = pageEtag(html, rendered);
    res.setHeader('ETag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return true;
    }
  }
  res.type('html').send(fillPage(html, rendered, res.locals.cspNonce as string));
  return true;
}

const ASSET_CACHE = { immutable: true, maxAge: '1y' } as const;

/**
 * The brotli or gzip copy the build wrote beside an asset (scripts/precompress-assets.ts), when
 * the browser accepts it: sent with the asset's own type and `Vary: Accept-Encoding`. Anything
 * else (no copy, identity only, a name that is not a plain file of the folder) falls through to
 * express.static.
 */
function precompressedAssets(dir: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.vary('Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const name = req.path.slice(1);
    if (encoding === 'identity' || !/^[\w.-]+$/.test(name) || name.startsWith('.')) return next();
    const file = path.join(dir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`);
    stat(file).then(
      (info) => {
        if (!info.isFile()) return next();
        res.type(path.extname(name));
        res.setHeader('Content-Encoding', encoding);
        res.sendFile(file, { ...ASSET_CACHE, dotfiles: 'deny' }, (error) => {
          // A browser that went away mid-download (a reload, a closed tab) is not a server error.
          if (error && !res.headersSent && (error as NodeJS.ErrnoException).code !== 'ECONNABORTED') next(error);
        });
      },
      () => next(),
    );
  };
}

/**
 * Serves the built client: hashed assets cached forever (precompressed when the browser takes
 * it), and every other GET path (history mode) answered with index.html carrying this
 * response's CSP nonce. A missing asset is a 404, never index.html, so the client can tell a
 * stale deploy from a slow network. The sign-in path gets sign-in.html instead, the card already
 * drawn, its placeholders filled from `signIn()` (read per response: the config may change). A
 * path one of `pages` matches gets that module's page in index.html, with a strong ETag (304 on
 * If-None-Match).
 */
export function clientPages(clientDir: string, signIn?: () => SignInPage, pages: readonly ModulePage[] = []): Router {
  const router = Router();
  const readIndex = pageReader(path.join(clientDir, 'index.html'));
  const readSignIn = pageReader(path.join(clientDir, SIGN_IN_HTML_FILE));
  const readBootSkin = pageReader(path.join(clientDir, BOOT_SKIN_FILE));
  router.use(pageSecurityHeaders);
  const assets = path.join(clientDir, 'assets');
  router.use('/assets', precompressedAssets(assets), express.static(assets, { ...ASSET_CACHE, index: false, fallthrough: false }));
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, async (req, res, next) => {
    const html = readIndex();
    res.setHeader('Cache-Control', 'no-cache');
    if (!html) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
      return;
    }
    try {
      if (pages.length > 0 && (await serveModulePage(pages, inlineBootSkin(html, readBootSkin()), req, res))) return;
    } catch (error) {
      next(error);
      return;
    }
    const nonce = res.locals.cspNonce as string;
    const page = signIn?.();
    const signInHtml = page && req.path === page.path ? readSignIn() : null;
    if (page && signInHtml) {
      const filled = Object.entries(page.values).reduce((text, [placeholder, value]) => text.replaceAll(placeholder, () => escapeHtml(value)), signInHtml);
      res.type('html').send(filled.replace(NONCE_PLACEHOLDER, nonce));
      return;
    }
    res.type('html').send(html.replace(NONCE_PLACEHOLDER, nonce));
  });
  return router;
}
