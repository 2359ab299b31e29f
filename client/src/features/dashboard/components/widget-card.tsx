import { Button, Card, Skeleton, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

interface Props {
  title: string;
  /** The widget's data is on its way, or could not be read (`onRetry` asks again). */
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  children?: ReactNode;
  className?: string;
}

/** A dashboard widget: a card named by its heading, with its own loading and error states. */
export function WidgetCard({ title, loading, failed, onRetry, children, className }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`dashboard-widget${className ? ` ${className}` : ''}`}>
      <Card
        title={
          <h3 id={id} className="dashboard-widget__title">
            {title}
          </h3>
        }
      >
        {loading ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : failed ? (
          <div className="dashboard-widget__error" role="alert">
            <Typography.Text type="danger">This could not be loaded.</Typography.Text>
            <Button size="small" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          children
        )}
      </Card>
    </section>
  );
}
