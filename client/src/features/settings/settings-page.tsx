import { Card, Empty, Space, Typography } from 'antd';
import { Can } from '../../lib/ability/can';
import { TeamCard } from './team-card';

/** `/settings`: the team today; password, email, notifications and account deletion arrive with the settings release. */
export default function SettingsPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <Typography.Title level={2} id="page-title">
        Settings
      </Typography.Title>
      <Space direction="vertical" size="large" className="settings-page__cards">
        <Can I="create" a="Invitation" passThrough>
          {(allowed) =>
            allowed ? (
              <TeamCard />
            ) : (
              <Card title="Team">
                <Typography.Paragraph>Only the account owner can invite or remove team members.</Typography.Paragraph>
              </Card>
            )
          }
        </Can>
        <Card title="Account">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Changing your password, email and notification preferences is coming soon." />
        </Card>
      </Space>
    </section>
  );
}
