import { Card, Empty, Typography } from 'antd';
import { useConfig } from '../../lib/config/config-context';
import { readVendor } from '../../lib/session/session';

/** The vendor's home. Its widgets (matches, quotes, credits) arrive with their features. */
export default function DashboardPage() {
  const { app } = useConfig();
  const vendor = readVendor();
  const name = typeof vendor?.business_name === 'string' ? vendor.business_name : null;
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        Dashboard
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {name ? `Welcome back, ${name}.` : `Welcome to ${app.displayName}.`}
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
