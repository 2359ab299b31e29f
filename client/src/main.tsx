import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { GUARD_ROUTES } from '../../shared/guard/rule-ids';
import { AbilityProvider } from './lib/ability/ability-context';
import { setOnSessionExpired } from './lib/api/session-expired';
import { nonceScriptCreatedStyles } from './lib/csp-nonce';
import { loadClientConfig } from './lib/config/client-config';
import { ConfigContext } from './lib/config/config-context';
import { applyLocale, initI18n } from './lib/i18n/i18n';
import { LayoutProvider } from './lib/layout/layout-context';
import { buildRouter } from './app/router/build-router';
import { prefetchPage } from './app/router/pages';
import { removePrerenderedSignIn } from './lib/prerender/prerendered-sign-in';
import { readSession } from './lib/session/session';
import { setLoadingOverlay } from './app/loading-overlay';
import { preloadRouteError } from './app/route-error';
import './styles.css';

const PRELOAD_ERROR_SCREEN_AFTER_MS = 5_000;
const root = createRoot(document.getElementById('root')!);
nonceScriptCreatedStyles();
initI18n();
// Signed out on "/": the sign-in page is next, so its chunk downloads alongside the config (whose
// route table is not loaded yet: "/" is the login path, docs/specification.md §2).
if (window.location.pathname === '/' && !readSession().hasToken) prefetchPage('login');

async function start() {
  try {
    const config = await loadClientConfig();
    await applyLocale(config.app.locale, config.app.fallbackLocale);
    const router = buildRouter(config);
    // A session that cannot be refreshed ends on the login page, without a full reload.
    setOnSessionExpired(() => void router.navigate(config.table.pathOf(GUARD_ROUTES.login), { replace: true }));
    root.render(
      <StrictMode>
        <ConfigContext.Provider value={config}>
          <LayoutProvider defaults={config.app.layout} breakpoints={config.app.theme.breakpoints}>
            <AbilityProvider>
              <RouterProvider router={router} />
            </AbilityProvider>
          </LayoutProvider>
        </ConfigContext.Provider>
      </StrictMode>,
    );
    // A few seconds after the first screen is up, when the browser is idle, fetch the error screen
    // ahead of need (a deploy may later remove the files it is made of); not sooner, so the
    // sign-in page's first moments download only what it draws.
    afterFirstScreen(router, () => {
      // The login page takes the prerendered card over as it renders; any other first screen leaves it behind.
      if (router.state.matches.at(-1)?.route.id !== GUARD_ROUTES.login) removePrerenderedSignIn();
      setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(preloadRouteError, { timeout: 5_000 }) : preloadRouteError()), PRELOAD_ERROR_SCREEN_AFTER_MS);
    });
  } catch (error) {
    removePrerenderedSignIn();
    setLoadingOverlay(false);
    await showStartupError(error);
  }
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

/** The startup error screen is a chunk of its own; if even that cannot load, the browser's own text says it. */
async function showStartupError(error: unknown) {
  try {
    const { StartupError } = await import('./app/startup-error');
    root.render(<StartupError error={error} onRetry={() => void start()} />);
  } catch {
    root.render(<p role="alert">{error instanceof Error ? error.message : String(error)}</p>);
  }
}

void start();
