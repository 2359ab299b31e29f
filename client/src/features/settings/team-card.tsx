import { Button, Card, Empty, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { emailRules } from '../../lib/forms/email-rule';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { problemOf } from '../../lib/forms/server-errors';
import { getTeam, inviteMember, removeMember, withdrawInvitation, type Team } from './api/team';
import { useToast } from '../../lib/toast/toast';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The owner's team: members, pending invitations, and a form to invite someone by email. */
export function TeamCard() {
  const message = useToast();
  const [form] = Form.useForm<{ email: string }>();
  const [team, setTeam] = useState<Team | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    getTeam()
      .then(setTeam)
      .catch(() => setError('The team could not be loaded. Reload the page to try again.'));
  }, []);
  useEffect(load, [load]);

  const onInvite = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await inviteMember(email);
      form.resetFields();
      void message.success(`Invitation sent to ${email}`);
      load();
    } catch (e) {
      const note = applyServerErrors(form, e, ['email']);
      if (note) void message.error(note);
    } finally {
      setBusy(false);
    }
  };

  const onWithdraw = async (id: string) => {
    await withdrawInvitation(id);
    void message.success('Invitation withdrawn');
    load();
  };

  const onRemove = async (member: Team['members'][number]) => {
    try {
      await removeMember(member.id);
      void message.success(`${member.email} was removed from the team`);
    } catch (e) {
      void message.error(problemOf(e)?.detail ?? 'The member could not be removed. Try again.');
    }
    load();
  };

  return (
    <Card title="Team" className="settings-card">
      <Typography.Paragraph type="secondary">
        Invite the people who help you answer quote requests. Team members can work on quotes, messages and reviews; billing and the account stay with you.
      </Typography.Paragraph>
      <Form form={form} layout="inline" requiredMark={false} onFinish={(v) => void onInvite(v)} className="team-card__invite">
        <Form.Item name="email" rules={emailRules} validateTrigger="onBlur" className="team-card__email">
          <Input type="email" placeholder="teammate@example.com" aria-label="Email of the person to invite" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Send invitation
        </Button>
      </Form>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Typography.Title level={5}>Members</Typography.Title>
      <List
        loading={!team && !error}
        dataSource={team?.members ?? []}
        locale={{ emptyText: <Empty description="No members yet" /> }}
        renderItem={(member) => (
          <List.Item
            actions={
              member.role === 'admin'
                ? []
                : [
                    <Popconfirm
                      key="remove"
                      title={`Remove ${member.email} from the team?`}
                      description="Their login is closed at once. You can invite them again later."
                      okText="Remove"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => onRemove(member)}
                    >
                      <Button type="link" danger aria-label={`Remove ${member.email}`}>
                        Remove
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta title={member.email} description={`Joined ${dateFormat.format(member.created_at)}`} />
            <Tag color={member.role === 'admin' ? 'purple' : 'blue'}>{member.role === 'admin' ? 'Owner' : 'Team member'}</Tag>
          </List.Item>
        )}
      />
      <Typography.Title level={5}>Pending invitations</Typography.Title>
      <List
        dataSource={team?.invitations ?? []}
        locale={{ emptyText: 'No pending invitations' }}
        renderItem={(invitation) => (
          <List.Item
            actions={[
              <Popconfirm key="withdraw" title="Withdraw this invitation?" okText="Withdraw" onConfirm={() => onWithdraw(invitation.id)}>
                <Button type="link" danger>
                  Withdraw
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={invitation.email} description={`Sent ${dateFormat.format(invitation.created_at)} · expires ${dateFormat.format(invitation.expires_at)}`} />
          </List.Item>
        )}
      />
    </Card>
  );
}
