import { Card, Space, Typography } from 'antd';
import { PageFrame } from '../../components/page-frame';
import { Can } from '../../lib/ability/can';
import { DangerZoneCard } from './danger-zone-card';
import { EmailCard } from './email-card';
import { LeaveTeamCard } from './leave-team-card';
import { NotificationsCard } from './notifications-card';
import { PasswordCard } from './password-card';
import { TeamCard } from './team-card';

/** `/settings`: the team, the user's password, email and notifications, and deleting the account (owners) or leaving it (team members). */
export default function SettingsPage() {
  return (
    <PageFrame title="Settings">
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
        <PasswordCard />
        <EmailCard />
        <NotificationsCard />
        <Can I="delete" a="Account">
          <DangerZoneCard />
        </Can>
        <Can I="leave" a="Team">
          <Can not I="delete" a="Account">
            <LeaveTeamCard />
          </Can>
        </Can>
      </Space>
    </PageFrame>
  );
}
