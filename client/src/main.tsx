import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { GUARD_ROUTES } from '../../shared/guard/rule-ids';
import { setOnSessionExpired } from './lib/api/session-expired';
import { nonceScriptCreatedStyles } from './lib/csp-nonce';
import { clientConfigOf, fetchConfigAnswers, type ConfigAnswers } from './lib/config/client-config';
import { ConfigContext } from './lib/config/config-context';
import { loadI18n, setLocales } from './lib/i18n/load-i18n';
import { LayoutProvider } from './lib/layout/layout-context';
import { initialLayout } from './lib/layout/initial-layout';
import { buildRouter } from './app/router/build-router';
import { prefetchPage } from './app/router/pages';
import { deferredStylesheetsSettled, removePrerenderedSignIn, watchPrerenderedFocus } from './lib/prerender/prerendered-sign-in';
import { removePrerenderedPage } from './lib/prerender/prerendered-page';
import { accessTokenExpired } from './lib/session/access-token-expiry';
import { endExpiredSession, loadVendorCheck, prepareSession, readSession, readTokens } from './lib/session/session';
import { setLoadingOverlay } from './app/loading-overlay';
import { preloadRouteError } from './app/route-error';
import './styles.css';

const CHECK_CONFIG_AFTER_MS = 1_000;
const PRELOAD_AFTER_MS = 5_000;
// Before anything reads or draws the session: one whose stored end has passed is cleared, so the
// guard sends the vendor straight to sign-in instead of drawing a page the server will refuse.
endExpiredSession();
const root = createRoot(document.getElementById('root')!);
nonceScriptCreatedStyles();
watchPrerenderedFocus();
// Signed out on "/": the sign-in page is next, so its chunk downloads alongside the config (whose
// route table is not loaded yet: "/" is the login path, docs/specification.md §2).
if (window.location.pathname === '/' && !readSession().hasToken) prefetchPage('login');

async function start() {
  let answers: ConfigAnswers | null = null;
  // Until the router exists, a session that cannot be refreshed needs no navigation of its own:
  // it is cleared, and the first screen's guard goes to sign-in.
  setOnSessionExpired(() => undefined);
  try {
    const [loaded] = await Promise.all([fetchConfigAnswers(), prepareSession(), deferredStylesheetsSettled(), renewExpiredAccessToken()]);
    answers = loaded;
    const config = clientConfigOf(answers);
    const layout = await initialLayout(config.app.layout, localStorage);
    setLocales(config.app.locale, config.app.fallbackLocale);
    const router = buildRouter(config);
    // A session that cannot be refreshed ends on the login page, without a full reload.
    setOnSessionExpired(() => void router.navigate(config.table.pathOf(GUARD_ROUTES.login), { replace: true }));
    root.render(
      <StrictMode>
        <ConfigContext.Provider value={config}>
          <LayoutProvider defaults={config.app.layout} initial={layout} breakpoints={config.app.theme.breakpoints}>
            <RouterProvider router={router} />
          </LayoutProvider>
        </ConfigContext.Provider>
      </StrictMode>,
    );
    afterFirstScreen(router, () => {
      // The login page takes the prerendered card over as it renders; any other first screen leaves it behind.
      if (router.state.matches.at(-1)?.route.id !== GUARD_ROUTES.login) removePrerenderedSignIn();
      // Once the first screen has settled, what it drew without: the config's check and the vendor
      // record's (another tab may sign in), both with zod; a few seconds later, the translations and the
      // error screen, ahead of need (a deploy may later remove the files they are made of). Not
      // sooner, so the sign-in page's first moments download only what it draws.
      whenIdle(CHECK_CONFIG_AFTER_MS, () => {
        void configMismatch(loaded).then((mismatch) => mismatch && showStartupError(mismatch));
        void loadVendorCheck().catch(() => undefined);
      });
      whenIdle(PRELOAD_AFTER_MS, () => {
        void loadI18n().catch(() => undefined);
        preloadRouteError();
      });
    });
  } catch (error) {
    removePrerenderedSignIn();
    removePrerenderedPage();
    setLoadingOverlay(false);
    // Answers of another shape are the cause of whatever failed on them.
    await showStartupError((answers && (await configMismatch(answers))) || error);
  }
}

/**
 * A kept access token that has expired is refreshed alongside the config, before the first
 * screen: the page then draws with a working token, and a session the server refuses is cleared
 * before the guard runs (so sign-in comes at once, not after the page's skeleton and its 401s).
 */
async function renewExpiredAccessToken(): Promise<void> {
  const { accessToken, refreshToken } = readTokens();
  if (!refreshToken || !accessTokenExpired(accessToken, Date.now())) return;
  try {
    const { refreshSession } = await import('./lib/api/refresh-session');
    await refreshSession();
  } catch {
    // A refused refresh has cleared the session (the guard goes to sign-in); a chunk that could
    // not load leaves the token to the first request's 401, as before.
  }
}

/** The config answers' mismatch with their contracts (a ResponseShapeError), or null when they fit (or the check cannot load). */
async function configMismatch(answers: ConfigAnswers): Promise<Error | null> {
  try {
    const { configMismatchOf } = await import('./lib/config/check-config-answers');
    return configMismatchOf(answers);
  } catch {
    return null;
  }
}

/** Runs `task` `delayMs` after now, once the browser is idle. */
function whenIdle(delayMs: number, task: () => void) {
  setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 5_000 }) : task()), delayMs);
}

/** Runs `task` once the first navigation has finished. */
function afterFirstScreen(router: ReturnType<typeof buildRouter>, task: () => void) {
  const ready = (state: typeof router.state) => state.initialized && state.navigation.state === 'idle';
  if (ready(router.state)) return task();
  const stop = router.subscribe((state) => {
    if (!ready(state)) return;
    stop();
    task();
  });
}

/** The startup error screen is a chunk of its own, as are the translations; if even those cannot load, the browser's own text says it. */
async function showStartupError(error: unknown) {
  try {
    const [{ StartupError }] = await Promise.all([import('./app/startup-error'), loadI18n()]);
    root.render(<StartupError error={error} onRetry={() => void start()} />);
  } catch {
    root.render(<p role="alert">{error instanceof Error ? error.message : String(error)}</p>);
  }
}

void start();
