import { Card, Empty, Typography } from 'antd';
import { useConfig } from '../../lib/config/config-context';
import { useSessionVendor } from '../../lib/session/use-session';

/** The vendor's home. Its widgets (matches, quotes, credits) arrive with their features. */
export default function DashboardPage() {
  const { app } = useConfig();
  const vendor = useSessionVendor();
  const name = typeof vendor?.business_name === 'string' ? vendor.business_name : null;
  // Greeted as new on the first visit (sign-up, joining a team), as back on every visit after it.
  const greeting = vendor?.first_visit === true || !name ? `Welcome to ${app.displayName}${name ? `, ${name}` : ''}.` : `Welcome back, ${name}.`;
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {greeting}
      </Typography.Paragraph>
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Your new matches, open quotes and credits will appear here once quote requests are live."
        />
      </Card>
    </section>
  );
}
