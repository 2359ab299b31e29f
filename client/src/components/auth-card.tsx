import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useConfig } from '../lib/config/config-context';

/** The frame of the sign-in screens: brand, heading, one line of context, the form. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { app } = useConfig();
  return (
    <div className="auth-page">
      <Card className="auth-card">
        <div className="auth-card__brand" aria-hidden="true">
          {app.displayName}
        </div>
        <Typography.Title level={1} className="auth-card__title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </div>
  );
}
