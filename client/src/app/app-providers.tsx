import { App as AntApp, ConfigProvider, Empty } from 'antd';
import en_US from 'antd/locale/en_US';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { AppConfig } from '../../../shared/contracts/app-config';
import { antdTheme } from '../lib/layout/antd-theme';
import { useLayout } from '../lib/layout/layout-context';

/**
 * antd configured from `app.json` and the layout settings: the skin's theme, the direction,
 * modal and popconfirm button texts, the dropdowns' empty and loading texts, and toasts
 * (seed-spec §9: 3000 ms, no close button, no icon, no close on click, fade).
 */
export function AppProviders({ app, nonce, children }: { app: AppConfig; nonce: string | undefined; children: ReactNode }) {
  const { settings } = useLayout();
  const themeConfig = useMemo(() => antdTheme(app, settings), [app, settings]);
  const locale = useMemo(
    () => ({
      ...en_US,
      Modal: { okText: app.modal.buttons.ok, cancelText: app.modal.buttons.cancel, justOkText: app.modal.buttons.ok },
      Popconfirm: { okText: app.modal.buttons.ok, cancelText: app.modal.buttons.cancel },
      global: { ...en_US.global, close: app.modal.buttons.close },
    }),
    [app.modal.buttons],
  );
  // Toasts render in a portal on <body>: their icon is styled from there.
  useEffect(() => {
    document.body.dataset.toastIcon = String(app.toast.icon);
  }, [app.toast.icon]);
  const renderEmpty = (componentName?: string) =>
    ['Select', 'TreeSelect', 'Cascader', 'Mentions'].includes(componentName ?? '') ? (
      <div className="dropdown-empty">{app.dropdown.noOptionsText}</div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    );
  return (
    <ConfigProvider
      csp={nonce ? { nonce } : undefined}
      theme={themeConfig}
      direction={settings.isRTL ? 'rtl' : 'ltr'}
      locale={locale}
      renderEmpty={renderEmpty}
      modal={{ className: `app-modal app-modal--${app.modal.size}` }}
    >
      <AntApp message={{ duration: app.toast.timeoutMs / 1000, maxCount: 4 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
