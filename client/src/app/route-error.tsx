import { lazy, Suspense, useEffect } from 'react';
import { loadI18n } from '../lib/i18n/load-i18n';
import { useTranslate } from '../lib/i18n/translate';
import { setLoadingOverlay } from './loading-overlay';

const loadView = () => Promise.all([import('./route-error-view'), loadI18n()]).then(([module]) => module);
let view: ReturnType<typeof loadView> | null = null;

/**
 * Loads the error screen ahead of need, once the first page is up: it stays off the sign-in page's
 * critical path, yet is in memory before a deploy can replace the chunks it would have to fetch.
 */
export function preloadRouteError(): void {
  view ??= loadView().catch((error: unknown) => {
    view = null;
    throw error;
  });
}

const RouteErrorView = lazy(() => {
  preloadRouteError();
  return view!.catch(() => ({ default: BareRouteError }));
});

/** The last resort when even the error screen cannot be downloaded: plain markup and a reload. */
function BareRouteError() {
  const t = useTranslate();
  useEffect(() => setLoadingOverlay(false), []);
  return (
    <div className="bare-error" role="alert">
      <h1>{t('error.pageFailed', 'This page could not be loaded')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('chunk.reload', 'Reload the app')}
      </button>
    </div>
  );
}

/** The error boundary of every route: the error screen, loaded when first needed. */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}
