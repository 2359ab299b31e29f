import type { ReactNode } from 'react';
import { useConfig } from '../lib/config/config-context';

/**
 * The frame of the sign-in screens: brand, heading, one line of context, the form. Plain markup
 * styled like antd's card: the sign-in page's JavaScript budget has no room for Card and Typography.
 */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { app } = useConfig();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand" aria-hidden="true">
          {app.displayName}
        </div>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
