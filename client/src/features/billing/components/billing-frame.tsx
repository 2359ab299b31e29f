import { Alert, Button, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { problemOf } from '../../../lib/forms/server-errors';

/** A billing screen: its heading and what it shows. */
export function BillingFrame({ title, intro, children, className }: { title: string; intro?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`page billing${className ? ` ${className}` : ''}`} aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title" className="billing__title">
        {title}
      </Typography.Title>
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {children}
    </section>
  );
}

/** What a billing screen shows while its data loads. */
export function BillingLoading() {
  return <Skeleton active paragraph={{ rows: 6 }} />;
}

/** A read that failed, with a retry. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const problem = problemOf(error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={`${what} could not be loaded.`}
      description={problem?.status === 403 ? 'Only the account owner can see billing.' : (problem?.detail ?? 'Check your connection, then try again.')}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
