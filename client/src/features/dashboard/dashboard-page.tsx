import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame';
import { useAppAbility } from '../../lib/ability/ability-context';
import { useConfig } from '../../lib/config/config-context';
import { useSessionVendor } from '../../lib/session/use-session';
import { AnalyticsSection } from './components/analytics-section';
import { SetupChecklist } from './components/setup-checklist';
import './dashboard.css';

/**
 * The vendor's home: a greeting, the setup checklist while the profile is incomplete, the
 * business's results (analytics), then the widgets of what needs attention. The features give the
 * widgets (the app composes the page, `app/pages/dashboard-page.tsx`): features do not import each other.
 */
export function DashboardPage({ widgets }: { widgets?: ReactNode }) {
  const { app } = useConfig();
  const ability = useAppAbility();
  const vendor = useSessionVendor();
  const name = typeof vendor?.business_name === 'string' ? vendor.business_name : null;
  // Greeted as new on the first visit (sign-up, joining a team), as back on every visit after it.
  const greeting = vendor?.first_visit === true || !name ? `Welcome to ${app.displayName}${name ? `, ${name}` : ''}.` : `Welcome back, ${name}.`;
  return (
    <PageFrame title="Dashboard" intro={greeting}>
      <div className="dashboard">
        {ability.can('read', 'Profile') && <SetupChecklist />}
        {widgets && <div className="dashboard-widgets">{widgets}</div>}
        {ability.can('read', 'Quote') && <AnalyticsSection />}
      </div>
    </PageFrame>
  );
}
