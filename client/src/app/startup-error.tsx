import { Button, ConfigProvider, Result } from 'antd';
import { useTranslation } from '../lib/i18n/translate';
import { antdCsp } from '../lib/csp-nonce';
import { BRAND_PRIMARY } from '../lib/layout/antd-theme';

/** Shown when the config service cannot be reached or answers nonsense: nothing else can render. */
export function StartupError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfigProvider csp={antdCsp} theme={{ token: { colorPrimary: BRAND_PRIMARY } }}>
      <Result
        status="error"
        title={t('startup.title')}
        subTitle={t('startup.detail', { detail: error instanceof Error ? error.message : String(error) })}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('startup.retry')}
          </Button>
        }
      />
    </ConfigProvider>
  );
}
