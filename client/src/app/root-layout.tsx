import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { useConfig } from '../lib/config/config-context';
import { applyDocumentMeta, documentMeta } from '../lib/config/document-meta';
import { setLoadingOverlay } from './loading-overlay';
import type { RouteHandle } from './router/build-router';

/** Matched route's handle (the deepest route that has one). */
export function useCurrentRoute() {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}

/**
 * Every navigation: set title and description (route override, else the defaults), scroll to
 * the top, and show the loading overlay only while a navigation is under way.
 */
export function RootLayout() {
  const { app } = useConfig();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    applyDocumentMeta(document, documentMeta(app, route?.meta));
  }, [app, route]);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  useEffect(() => setLoadingOverlay(navigation.state !== 'idle'), [navigation.state]);

  return <Outlet />;
}
