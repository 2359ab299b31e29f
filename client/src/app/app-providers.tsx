import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Empty } from 'antd';
import en_US from 'antd/es/locale/en_US';
import { useEffect, useMemo, type ReactNode } from 'react';
import { AbilityProvider } from '../lib/ability/ability-context';
import { appQueryClient } from '../lib/api/query-client';
import { useConfig } from '../lib/config/config-context';
import { antdCsp as csp } from '../lib/csp-nonce';
import { antdTheme } from '../lib/layout/antd-theme';
import { useLayout } from '../lib/layout/layout-context';
import { useReducedMotion } from '../lib/layout/use-reduced-motion';
import { useVendorRefresh } from '../lib/session/use-vendor-refresh';
import { configureToasts } from '../lib/toast/toast';
import { GuardBounceNotice } from './guard-bounce-notice';
import { useLiveUpdates } from './live/use-live-updates';

/** Keeps the session's vendor record fresh; a component so that it sits inside the query client. */
function VendorRefresh() {
  useVendorRefresh();
  return null;
}

/** While signed in, the business's live events keep every open screen current (inside the query client too). */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/**
 * The providers of every antd-drawn layout: the server-state cache (TanStack Query), and antd
 * configured from `app.json`, the layout settings and the device's motion setting: the skin's theme, the direction, modal and
 * popconfirm button texts, the dropdowns' empty text, and toasts (docs/specification.md §9: 3000 ms, no close
 * button, no icon, no close on click, fade); and the session's CASL ability. The sign-in page is
 * plain markup and loads none of them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { app } = useConfig();
  const { settings } = useLayout();
  const reducedMotion = useReducedMotion();
  const themeConfig = useMemo(() => antdTheme(app, settings, reducedMotion), [app, settings, reducedMotion]);
  const direction = settings.isRTL ? 'rtl' : 'ltr';
  const locale = useMemo(
    () => ({
      ...en_US,
      Modal: { okText: app.modal.buttons.ok, cancelText: app.modal.buttons.cancel, justOkText: app.modal.buttons.ok },
      Popconfirm: { okText: app.modal.buttons.ok, cancelText: app.modal.buttons.cancel },
      global: { ...en_US.global, close: app.modal.buttons.close },
    }),
    [app.modal.buttons],
  );

  // Toasts render in a portal on <body>, outside any layout: their settings, icon and theme are set from here.
  useEffect(() => {
    document.body.dataset.toastIcon = String(app.toast.icon);
    configureToasts({ duration: app.toast.timeoutMs / 1000, maxCount: 4 });
  }, [app.toast]);
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (toasts) => (
        <ConfigProvider csp={csp} theme={themeConfig} direction={direction} locale={locale}>
          {toasts}
        </ConfigProvider>
      ),
    });
  }, [themeConfig, direction, locale]);

  const renderEmpty = (componentName?: string) =>
    ['Select', 'TreeSelect', 'Cascader', 'Mentions'].includes(componentName ?? '') ? (
      <div className="dropdown-empty">{app.dropdown.noOptionsText}</div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    );
  return (
    <QueryClientProvider client={appQueryClient()}>
      <VendorRefresh />
      <LiveUpdates />
      <GuardBounceNotice />
      <ConfigProvider
        csp={csp}
        theme={themeConfig}
        direction={direction}
        locale={locale}
        renderEmpty={renderEmpty}
        modal={{ className: `app-modal app-modal--${app.modal.size}` }}
      >
        <AbilityProvider>{children}</AbilityProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
