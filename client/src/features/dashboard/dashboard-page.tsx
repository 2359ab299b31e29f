import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame';
import { useConfig } from '../../lib/config/config-context';
import { useSessionVendor } from '../../lib/session/use-session';
import './dashboard.css';

/**
 * The vendor's home: a greeting, then the widgets of what needs attention. The features give the
 * widgets (the app composes the page, `app/pages/dashboard-page.tsx`): features do not import each other.
 */
export function DashboardPage({ widgets }: { widgets?: ReactNode }) {
  const { app } = useConfig();
  const vendor = useSessionVendor();
  const name = typeof vendor?.business_name === 'string' ? vendor.business_name : null;
  // Greeted as new on the first visit (sign-up, joining a team), as back on every visit after it.
  const greeting = vendor?.first_visit === true || !name ? `Welcome to ${app.displayName}${name ? `, ${name}` : ''}.` : `Welcome back, ${name}.`;
  return (
    <PageFrame title="Dashboard" intro={greeting}>
      {widgets && <div className="dashboard-widgets">{widgets}</div>}
    </PageFrame>
  );
}
