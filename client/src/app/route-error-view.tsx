import { useQuery } from '@tanstack/react-query';
import { Button, Result, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n/translate';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import { AppProviders } from './app-providers';
import { setLoadingOverlay } from './loading-overlay';
import { ChunkLoadError } from './router/lazy-page';

/** Whether a file the page asked for is gone from the server (a deploy replaced it), not merely unreachable. */
function useIsStaleDeploy(error: unknown): boolean {
  const url = error instanceof ChunkLoadError && error.type === 'missing' ? error.url : null;
  const gone = useQuery({
    queryKey: ['deployed-file', url],
    queryFn: async () => (await fetch(url ?? '', { method: 'HEAD', cache: 'no-store' })).status === 404,
    enabled: url !== null,
  });
  return gone.data === true;
}

/** A page chunk that did not load: the seed's message with its type, a retry, and a reload after a deploy. */
function ChunkFailure({ error }: { error: ChunkLoadError }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const stale = useIsStaleDeploy(error);
  const retrying = revalidator.state === 'loading';
  return (
    <Result
      status="warning"
      title={<h1 className="result-title">{t('chunk.failed', { chunk: error.chunk })}</h1>}
      subTitle={
        <>
          <span className="chunk-error__type">{`(${error.type}: ${error.url ?? error.chunk})`}</span>
          <br />
          {t(stale ? 'chunk.stale' : error.type === 'timeout' ? 'chunk.timeout' : 'chunk.missing')}
        </>
      }
      extra={
        <Space wrap>
          <Button type={stale ? 'default' : 'primary'} loading={retrying} onClick={() => void revalidator.revalidate()}>
            {t('chunk.retry')}
          </Button>
          <Button type={stale ? 'primary' : 'default'} onClick={() => window.location.reload()}>
            {t('chunk.reload')}
          </Button>
        </Space>
      }
    />
  );
}

/** Shown when a page fails to load or render, in the app's theme (the failure may be outside any layout). */
export default function RouteErrorView() {
  return (
    <AppProviders>
      <RouteErrorContent />
    </AppProviders>
  );
}

/** What happened, and a way on. */
function RouteErrorContent() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => setLoadingOverlay(false), [error]);
  if (error instanceof ChunkLoadError) return <ChunkFailure error={error} />;
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="warning"
      title={<h1 className="result-title">{t('error.pageFailed')}</h1>}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('chunk.reload')}
        </Button>
      }
    />
  );
}
