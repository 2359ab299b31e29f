import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { setLoadingOverlay } from './loading-overlay';

/** Shown when a page fails to load or render: say what happened and offer a way on. */
export function RouteError() {
  const error = useRouteError();
  setLoadingOverlay(false);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="warning"
      title="This page could not be loaded"
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
