import { ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AbilityProvider } from './lib/ability/ability-context';
import { setOnSessionExpired } from './lib/api/session-expired';
import { loadClientConfig } from './lib/config/client-config';
import { ConfigContext } from './lib/config/config-context';
import { applyLocale, initI18n } from './lib/i18n/i18n';
import { LayoutProvider } from './lib/layout/layout-context';
import { BRAND_PRIMARY } from './lib/layout/antd-theme';
import { AppProviders } from './app/app-providers';
import { buildRouter } from './app/router/build-router';
import { setLoadingOverlay } from './app/loading-overlay';
import { StartupError } from './app/startup-error';
import './styles.css';

// The server fills the placeholder per response; Vite's dev server leaves it as it is.
const nonceMeta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const nonce = nonceMeta && nonceMeta !== '__CSP_NONCE__' ? nonceMeta : undefined;
const root = createRoot(document.getElementById('root')!);
initI18n();

async function start() {
  try {
    const config = await loadClientConfig();
    await applyLocale(config.app.locale, config.app.fallbackLocale);
    const router = buildRouter(config);
    // A session that cannot be refreshed ends on the login page, without a full reload.
    setOnSessionExpired(() => void router.navigate('/', { replace: true }));
    root.render(
      <StrictMode>
        <ConfigContext.Provider value={config}>
          <LayoutProvider defaults={config.app.layout} breakpoints={config.app.theme.breakpoints}>
            <AppProviders app={config.app} nonce={nonce}>
              <AbilityProvider>
                <RouterProvider router={router} />
              </AbilityProvider>
            </AppProviders>
          </LayoutProvider>
        </ConfigContext.Provider>
      </StrictMode>,
    );
  } catch (error) {
    setLoadingOverlay(false);
    root.render(
      <ConfigProvider csp={nonce ? { nonce } : undefined} theme={{ token: { colorPrimary: BRAND_PRIMARY } }}>
        <StartupError error={error} onRetry={() => void start()} />
      </ConfigProvider>,
    );
  }
}

void start();
