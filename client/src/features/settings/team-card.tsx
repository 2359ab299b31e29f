import { Button, Card, Empty, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import type { TeamMember } from '../../../../shared/contracts/team';
import { loadFailure, PageState } from '../../components/page-state';
import { emailRules } from '../../lib/forms/email-rule';
import { applyServerErrors, problemOf } from '../../lib/forms/server-errors';
import { useToast } from '../../lib/toast/toast';
import { useTeam } from './api/get-team';
import { useInviteMember } from './api/invite-member';
import { useRemoveMember } from './api/remove-member';
import { useWithdrawInvitation } from './api/withdraw-invitation';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The owner's team: members, pending invitations, and a form to invite someone by email. */
export function TeamCard() {
  const message = useToast();
  const [form] = Form.useForm<{ email: string }>();
  const teamQuery = useTeam();
  const team = teamQuery.data;
  const invite = useInviteMember();
  const withdraw = useWithdrawInvitation();
  const remove = useRemoveMember();

  const onInvite = async ({ email }: { email: string }) => {
    try {
      await invite.mutateAsync(email);
      form.resetFields();
      void message.success(`Invitation sent to ${email}`);
    } catch (e) {
      const note = applyServerErrors(form, e, ['email']);
      if (note) void message.error(note);
    }
  };

  const onWithdraw = async (id: string) => {
    await withdraw.mutateAsync(id);
    void message.success('Invitation withdrawn');
  };

  const onRemove = async (member: TeamMember) => {
    try {
      await remove.mutateAsync(member.id);
      void message.success(`${member.email} was removed from the team`);
    } catch (e) {
      void message.error(problemOf(e)?.detail ?? 'The member could not be removed. Try again.');
    }
  };

  return (
    <Card title="Team" className="settings-card">
      <Typography.Paragraph type="secondary">
        Invite the people who help you answer quote requests. Team members can work on quotes, messages and reviews; billing and the account stay with you.
      </Typography.Paragraph>
      <Form form={form} layout="inline" requiredMark={false} onFinish={(v) => void onInvite(v)} className="team-card__invite">
        <Form.Item name="email" rules={emailRules('Enter the email address of the person to invite')} validateTrigger="onBlur" className="team-card__email">
          <Input type="email" placeholder="teammate@example.com" aria-label="Email of the person to invite" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </Form>
      <PageState failure={loadFailure('The team', teamQuery)} />
      <Typography.Title level={5}>Members</Typography.Title>
      <List
        loading={!team && !teamQuery.isError}
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
            <List.Item.Meta
              title={invitation.email}
              description={`Sent ${dateFormat.format(invitation.created_at)} · expires ${dateFormat.format(invitation.expires_at)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
