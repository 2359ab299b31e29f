import { Button, Result } from 'antd';

/** Shown when the config service cannot be reached or answers nonsense: nothing else can render. */
export function StartupError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="We could not load the dashboard"
      subTitle={`Check your connection and try again. (${error instanceof Error ? error.message : String(error)})`}
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
