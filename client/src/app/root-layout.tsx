import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigation, useRevalidator } from 'react-router-dom';
import { isLoggedIn } from '../../../shared/guard/evaluate-guard';
import { useConfig } from '../lib/config/config-context';
import { applyDocumentMeta, documentMeta } from '../lib/config/document-meta';
import { useTranslate } from '../lib/i18n/translate';
import { removePrerenderedPage } from '../lib/prerender/prerendered-page';
import { useCurrentRoute } from '../lib/router/use-current-route';
import { readSession, subscribeSession } from '../lib/session/session';
import { setLoadingOverlay } from './loading-overlay';

/**
 * Every navigation: set title and description (route override, else the defaults), scroll to
 * the top, and show the loading overlay only while a navigation is under way. A session changed
 * in another tab runs the guard again (signing out there signs out here). A page the server
 * drew beside #root is its page's to remove as it draws; leaving its path removes it in any case.
 * A page that requires login is not drawn once the session has ended (a refresh refused, a
 * sign-out, another tab's): the navigation to sign-in that follows shows the overlay, not the
 * page emptied of its vendor.
 */
export function RootLayout() {
  const { app } = useConfig();
  const route = useCurrentRoute();
  const { pathname, key } = useLocation();
  const navigation = useNavigation();
  const t = useTranslate();
  const revalidator = useRevalidator();
  const firstPath = useRef(pathname);
  const signedIn = useSyncExternalStore(subscribeSession, () => isLoggedIn(readSession()));

  useEffect(
    () =>
      subscribeSession(({ fromOtherTab }) => {
        if (fromOtherTab) void revalidator.revalidate();
      }),
    [revalidator],
  );

  useEffect(() => {
    applyDocumentMeta(
      document,
      documentMeta(app, route?.meta, (text) => t(text)),
    );
    // Lets tests and analytics know which route finally rendered after guard redirects.
    if (route) document.documentElement.dataset.route = route.name;
  }, [app, route, key, t]);

  useLayoutEffect(() => {
    if (pathname !== firstPath.current) removePrerenderedPage();
  }, [pathname]);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  useEffect(() => setLoadingOverlay(navigation.state !== 'idle'), [navigation.state]);

  return route?.meta.requiresAuth && !signedIn ? null : <Outlet />;
}
