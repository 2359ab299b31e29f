import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLoadingOverlay } from './loading-overlay';

const loadView = () => import('./route-error-view');
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
  const { t } = useTranslation();
  useEffect(() => setLoadingOverlay(false), []);
  return (
    <div className="bare-error" role="alert">
      <h1>{t('error.pageFailed')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('chunk.reload')}
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
