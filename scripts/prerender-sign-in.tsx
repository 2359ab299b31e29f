import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { FullLayoutFrame } from '../client/src/app/layouts/full-layout';
import { LoginCard } from '../client/src/features/auth/login-card';
import type { ClientConfig } from '../client/src/lib/config/client-config';
import { ConfigContext } from '../client/src/lib/config/config-context';
import { DEFERRED_STYLESHEET, PRERENDERED_SIGN_IN_ID } from '../client/src/lib/prerender/prerendered-sign-in';
import { SIGN_IN_HTML_FILE, SIGN_IN_PLACEHOLDERS } from '../shared/prerender/sign-in-placeholders';
import { criticalCss } from './critical-css';

/** On an inline style holding part of a stylesheet: the stylesheet's path, loaded whole after the first paint. */
const FULL_STYLESHEET = 'data-full-stylesheet';

/**
 * Until the bundle takes over, "Sign in" is held back (the page replays it) and "Show password"
 * works: the form never posts the password away, nor does nothing when pressed.
 */
const EARLY_SCRIPT = `(function () {
  var form = document.querySelector('#${PRERENDERED_SIGN_IN_ID} form');
  if (!form) return;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    form.setAttribute('data-submitted', '');
    form.setAttribute('aria-busy', 'true');
  });
  var toggle = form.querySelector('.auth-password__toggle');
  var password = form.querySelector('input[name="password"]');
  toggle.addEventListener('click', function () {
    var show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(show));
    toggle.firstChild.nodeValue = show ? 'Hide' : 'Show';
  });
})();`;

/** The sign-in card as the login page draws it empty, inside the full layout, with the config's values as placeholders. */
export function renderSignInCard(): string {
  // Only what the card reads of the config; the server fills the real values in.
  const config = { app: { displayName: SIGN_IN_PLACEHOLDERS.brand } } as ClientConfig;
  return renderToStaticMarkup(
    <MemoryRouter>
      <ConfigContext.Provider value={config}>
        <FullLayoutFrame>
          <LoginCard
            subtitle={SIGN_IN_PLACEHOLDERS.subtitle}
            forgotPasswordPath={SIGN_IN_PLACEHOLDERS.forgotPasswordPath}
            registerPath={SIGN_IN_PLACEHOLDERS.registerPath}
            findVendorsPath={SIGN_IN_PLACEHOLDERS.findVendorsPath}
            idPrefix="sign-in"
            email=""
            password=""
            showPassword={false}
            errors={{}}
            error={null}
            busy={false}
            onEmailChange={() => undefined}
            onPasswordChange={() => undefined}
          />
        </FullLayoutFrame>
      </ConfigContext.Provider>
    </MemoryRouter>,
  );
}

/**
 * Once the card's first paint is on screen (the `first-contentful-paint` entry comes after the
 * frame is presented): loads whole the stylesheets the page holds only the card's part of, right
 * after that part (the same place in the cascade), preloads the config the app starts from and
 * the chunks its entry imports, and starts the entry. Fetched earlier, even as preloads, they
 * hold that paint back (the config's three, in the head until 2026-11-24, by about 50 of 290 ms
 * at 4× CPU throttling). A hidden tab paints nothing, so it starts at once; a second is the
 * safety net should no paint entry ever come.
 */
const startEntry = (src: string, imports: string[], fetches: string[]) => `(function () {
  var nonce = document.currentScript.nonce, started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('style[${FULL_STYLESHEET}]').forEach(function (style) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.crossOrigin = '';
      link.href = style.getAttribute('${FULL_STYLESHEET}');
      link.setAttribute('${DEFERRED_STYLESHEET}', '');
      function settled() { link.setAttribute('${DEFERRED_STYLESHEET}', 'settled'); }
      link.addEventListener('load', settled);
      link.addEventListener('error', settled);
      style.after(link);
    });
    ${JSON.stringify(fetches)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
    ${JSON.stringify(imports)}.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.nonce = nonce;
    script.src = ${JSON.stringify(src)};
    document.body.appendChild(script);
  }
  function startIfHidden() {
    if (document.visibilityState === 'hidden') start();
  }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  startIfHidden();
  document.addEventListener('visibilitychange', startIfHidden);
  setTimeout(start, 1000);
})();`;

/** Reads a file the page links to (`/boot.css`, `/assets/index-….css`) from the built folder. */
export type ReadBuiltFile = (href: string) => string;

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g;
/** index.html's config preloads (`as="fetch"`), with the comment above them. */
const FETCH_PRELOAD = /\s*(?:<!--[^>]*-->\s*)?<link rel="preload" href="(\/[^"]+)" as="fetch" crossorigin="anonymous" \/>/g;
const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="(\/[^"]+)"\s*\/?>/g;
const BOOT_SKIN = /<script src="(\/boot-skin\.js)" nonce="__CSP_NONCE__"><\/script>/;

/**
 * The page's stylesheets and boot-skin.js written into it (with the nonce), so the card paints
 * with the first bytes: a linked stylesheet or a classic script would hold the paint back until
 * fetched. Of each stylesheet, only the rules that can style the page as sent (criticalCss): of
 * the entry's 13.4 KB, the card's 3.9 KB. A stylesheet cut so is loaded whole after the first
 * paint (the style names it for startEntry); the app draws once it has loaded.
 */
function inlineRenderBlocking(html: string, read: ReadBuiltFile): string {
  const inlined = html.replace(STYLESHEET, (_tag, href: string) => {
    const css = read(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be written into a <style>`);
    const critical = criticalCss(css, html);
    const full = critical === css ? '' : ` ${FULL_STYLESHEET}="${href}"`;
    return `<style nonce="__CSP_NONCE__"${full}>${critical}</style>`;
  });
  const page = inlined.replace(BOOT_SKIN, (_tag, src: string) => {
    const script = read(src);
    if (/<\/script/i.test(script)) throw new Error(`${src} cannot be written into a <script>`);
    return `<script nonce="__CSP_NONCE__">${script.trim()}</script>`;
  });
  // A tag written otherwise than matched above would block the paint again without a word.
  if (/<link rel="stylesheet"|<link rel="preload"|<script src=/.test(page))
    throw new Error('index.html links a stylesheet, a script or a preload the sign-in page cannot write inline or defer');
  return page;
}

/**
 * index.html with the sign-in card drawn before #root and the loading overlay hidden (a kept
 * session shows it instead: public/boot-skin.js, boot.css). Nothing holds the card's first paint
 * back: the stylesheets and boot-skin.js are inline, the entry script, its imports and the config
 * it starts from are fetched after the first paint; the inline tags carry the nonce.
 */
export function signInPage(indexHtml: string, read: ReadBuiltFile): string {
  const overlay = '<div id="app-loading" class="app-loading"';
  const root = '<div id="root"></div>';
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!indexHtml.includes(overlay) || !indexHtml.includes(root)) throw new Error('index.html has no loading overlay or #root to draw the sign-in card beside');
  const card = `<div id="${PRERENDERED_SIGN_IN_ID}">${renderSignInCard()}</div>\n    `;
  const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)];
  const fetches = [...indexHtml.matchAll(FETCH_PRELOAD)];
  const hrefs = (tags: RegExpMatchArray[]) => tags.map(([, href]) => href as string);
  // One script after the card, not one each: the parser yields after a script, and a second
  // yield before the first paint cost it about a fifth (1.27 against 1.06 × the static page).
  const scripts = [EARLY_SCRIPT, ...(entry ? [startEntry(entry[1] as string, hrefs(preloads), hrefs(fetches))] : [])];
  const start = `\n    <script nonce="__CSP_NONCE__">${scripts.join('\n')}</script>`;
  const html = [...preloads, ...fetches].reduce((page, [tag]) => page.replace(tag, ''), entry ? indexHtml.replace(entry[0], '') : indexHtml);
  const page = html.replace(overlay, () => `${overlay} hidden data-boot`).replace(root, () => `${card}${root}${start}`);
  return inlineRenderBlocking(page, read);
}

/** Writes sign-in.html beside the built index.html. */
export async function writeSignInPage(outDir: string): Promise<void> {
  const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const read: ReadBuiltFile = (href) => readFileSync(path.join(outDir, ...href.split('/')), 'utf8');
  await writeFile(path.join(outDir, SIGN_IN_HTML_FILE), signInPage(indexHtml, read));
}

// `node --import tsx scripts/prerender-sign-in.tsx <outDir>`: what the build's prerender-sign-in plugin runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: prerender-sign-in.tsx <folder of the built index.html>');
  await writeSignInPage(outDir);
}
