import { readFileSync, statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { SIGN_IN_HTML_FILE } from '../../../shared/prerender/sign-in-placeholders';
import { pickEncoding } from './precomputed-response';
import { pageSecurityHeaders } from './security-headers';

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
 * drawn, its placeholders filled from `signIn()` (read per response: the config may change).
 */
export function clientPages(clientDir: string, signIn?: () => SignInPage): Router {
  const router = Router();
  const readIndex = pageReader(path.join(clientDir, 'index.html'));
  const readSignIn = pageReader(path.join(clientDir, SIGN_IN_HTML_FILE));
  router.use(pageSecurityHeaders);
  const assets = path.join(clientDir, 'assets');
  router.use('/assets', precompressedAssets(assets), express.static(assets, { ...ASSET_CACHE, index: false, fallthrough: false }));
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res) => {
    const html = readIndex();
    res.setHeader('Cache-Control', 'no-cache');
    if (!html) {
      res.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
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
