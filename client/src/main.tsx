import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AbilityProvider } from './lib/ability/ability-context';
import { setOnSessionExpired } from './lib/api/session-expired';
import { loadClientConfig } from './lib/config/client-config';
import { ConfigContext } from './lib/config/config-context';
import { buildRouter } from './app/router/build-router';
import { setLoadingOverlay } from './app/loading-overlay';
import { StartupError } from './app/startup-error';
import './styles.css';

// The server fills the placeholder per response; Vite's dev server leaves it as it is.
const nonceMeta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const nonce = nonceMeta && nonceMeta !== '__CSP_NONCE__' ? nonceMeta : undefined;
const root = createRoot(document.getElementById('root')!);
const theme = { token: { colorPrimary: '#7367f0', borderRadius: 6 } };

async function start() {
  try {
    const config = await loadClientConfig();
    document.documentElement.lang = config.app.locale;
    document.documentElement.dir = config.app.layout.isRTL ? 'rtl' : 'ltr';
    const router = buildRouter(config);
    // A session that cannot be refreshed ends on the login page, without a full reload.
    setOnSessionExpired(() => void router.navigate('/', { replace: true }));
    root.render(
      <StrictMode>
        <ConfigProvider csp={nonce ? { nonce } : undefined} theme={theme} direction={config.app.layout.isRTL ? 'rtl' : 'ltr'}>
          <AntApp>
            <ConfigContext.Provider value={config}>
              <AbilityProvider>
                <RouterProvider router={router} />
              </AbilityProvider>
            </ConfigContext.Provider>
          </AntApp>
        </ConfigProvider>
      </StrictMode>,
    );
  } catch (error) {
    setLoadingOverlay(false);
    root.render(
      <ConfigProvider csp={nonce ? { nonce } : undefined} theme={theme}>
        <StartupError error={error} onRetry={() => void start()} />
      </ConfigProvider>,
    );
  }
}

void start();
