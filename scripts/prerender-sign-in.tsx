import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { FullLayoutFrame } from '../client/src/app/layouts/full-layout';
import { LoginCard } from '../client/src/features/auth/login-card';
import type { ClientConfig } from '../client/src/lib/config/client-config';
import { ConfigContext } from '../client/src/lib/config/config-context';
import { PRERENDERED_SIGN_IN_ID } from '../client/src/lib/prerender/prerendered-sign-in';
import { SIGN_IN_HTML_FILE, SIGN_IN_PLACEHOLDERS } from '../shared/prerender/sign-in-placeholders';

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
 * Starts the app's entry (preloaded meanwhile) once the card has painted: run straight after
 * parsing, its evaluation would hold the first paint back by as long. A hidden tab, which paints
 * no frame, starts it after a moment all the same.
 */
const startEntry = (src: string) => `(function () {
  var nonce = document.currentScript.nonce, started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.nonce = nonce;
    script.src = ${JSON.stringify(src)};
    document.body.appendChild(script);
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
  setTimeout(start, 200);
})();`;

/**
 * index.html with the sign-in card drawn before #root and the loading overlay hidden (a kept
 * session shows it instead: public/boot-skin.js, boot.css). The entry script is preloaded and
 * started after the first paint; the inline scripts carry the nonce.
 */
export function signInPage(indexHtml: string): string {
  const overlay = '<div id="app-loading" class="app-loading"';
  const root = '<div id="root"></div>';
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(indexHtml);
  if (!indexHtml.includes(overlay) || !indexHtml.includes(root)) throw new Error('index.html has no loading overlay or #root to draw the sign-in card beside');
  const card = `<div id="${PRERENDERED_SIGN_IN_ID}">${renderSignInCard()}</div>\n    <script nonce="__CSP_NONCE__">${EARLY_SCRIPT}</script>\n    `;
  const start = entry ? `\n    <script nonce="__CSP_NONCE__">${startEntry(entry[1] as string)}</script>` : '';
  const html = entry ? indexHtml.replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`) : indexHtml;
  return html.replace(overlay, `${overlay} hidden data-boot`).replace(root, `${card}${root}${start}`);
}

/** Writes sign-in.html beside the built index.html. */
export async function writeSignInPage(outDir: string): Promise<void> {
  const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
  await writeFile(path.join(outDir, SIGN_IN_HTML_FILE), signInPage(indexHtml));
}

// `node --import tsx scripts/prerender-sign-in.tsx <outDir>`: what the build's prerender-sign-in plugin runs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: prerender-sign-in.tsx <folder of the built index.html>');
  await writeSignInPage(outDir);
}
