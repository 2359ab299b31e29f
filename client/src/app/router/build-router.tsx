import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { Route } from '../../../../shared/contracts/route';
import type { ClientConfig } from '../../lib/config/client-config';
import { loadI18n } from '../../lib/i18n/load-i18n';
import type { RouteHandle } from '../../lib/router/use-current-route';
import { FullLayout } from '../layouts/full-layout';
import { RootLayout } from '../root-layout';
import { RouteError } from '../route-error';
import { guardLoader } from './guard-loader';
import { withTimeout } from './lazy-page';
import { createPageRegistry } from './pages';

type Group = 'bare' | 'full' | 'sidebar-only' | 'shell';

/**
 * Pages drawn in plain markup, without antd nor the translations: the sign-in page, the first screen most
 * visits open, whose JavaScript budget (120 KB gzip before it has taken its card over) has no
 * room for them.
 */
const BARE_PAGES = new Set(['login']);

function groupOf(route: Route): Group {
  if (route.meta.layout === 'full') return BARE_PAGES.has(route.page) ? 'bare' : 'full';
  if (route.meta.layout === 'sidebar-only') return 'sidebar-only';
  return 'shell';
}

/**
 * The react-router routes built from `GET /api/config/routes`, grouped under their layouts.
 * Each page has its own error boundary, so a failed page keeps the shell around it. The shell
 * (menu, navbar, customizer) is a chunk of its own: the sign-in pages never load it.
 */
export function buildRouteObjects(config: ClientConfig): RouteObject[] {
  const timeoutMs = config.app.chunkLoadTimeoutMs;
  const pageFor = createPageRegistry(timeoutMs);
  const groups: Record<Group, RouteObject[]> = { bare: [], full: [], 'sidebar-only': [], shell: [] };
  for (const route of config.routes) {
    const page = pageFor(route.page);
    groups[groupOf(route)].push({
      id: route.name,
      path: route.path,
      loader: guardLoader(config, route, page),
      Component: page.Component,
      ErrorBoundary: RouteError,
      handle: { route } satisfies RouteHandle,
    });
  }
  // antd, its theme and the translations load with the first layout that draws with them.
  const providers = withTimeout('app-providers', () => import('../app-providers'), timeoutMs);
  const shellLayout = withTimeout('shell', () => import('../layouts/shell-layout'), timeoutMs);
  const i18n = withTimeout('i18n', loadI18n, timeoutMs);
  const themed = (loadLayout: () => Promise<ComponentType>) => async () => {
    const [{ AppProviders }, Layout] = await Promise.all([providers(), loadLayout(), i18n()]);
    return {
      Component: () => (
        <AppProviders>
          <Layout />
        </AppProviders>
      ),
    };
  };
  const shell = (variant: 'shell' | 'sidebar-only') =>
    themed(async () => {
      const { ShellLayout } = await shellLayout();
      return () => <ShellLayout variant={variant} />;
    });
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      // The first navigation runs guard loaders before anything renders; index.html's overlay covers it.
      HydrateFallback: () => null,
      children: [
        { Component: FullLayout, children: groups.bare },
        { lazy: themed(async () => FullLayout), children: groups.full },
        { lazy: shell('sidebar-only'), children: groups['sidebar-only'] },
        { lazy: shell('shell'), children: groups.shell },
        { path: '*', loader: guardLoader(config, null, null), Component: () => null },
      ],
    },
  ];
}

/** The browser router (history mode). */
export function buildRouter(config: ClientConfig) {
  return createBrowserRouter(buildRouteObjects(config));
}
