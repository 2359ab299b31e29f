import { Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';
import { useLeaveTeam } from './api/leave-team';
import { PasswordConfirmModal } from './password-confirm-modal';

/** Leaving the business (team members): confirmed with the password; the login is closed. */
export function LeaveTeamCard() {
  const message = useToast();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const leaving = useLeaveTeam();
  const vendor = useSessionVendor();
  const [form] = Form.useForm<{ password: string }>();
  const [open, setOpen] = useState(false);
  const businessName = typeof vendor?.business_name === 'string' ? vendor.business_name : 'this business';

  const onConfirm = async ({ password }: { password: string }) => {
    await leaving.mutateAsync(password);
    void message.success(`You left ${businessName}. Your login is closed.`);
    await navigate(pathOf(GUARD_ROUTES.login), { replace: true });
  };

  return (
    <Card title="Leave the team" className="settings-card">
      <Typography.Paragraph>
        Leaving closes your login to <Typography.Text strong>{businessName}</Typography.Text>. The quotes and messages you worked on stay with the business. To
        come back, ask the owner for a new invitation.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Leave team
      </Button>
      <PasswordConfirmModal
        open={open}
        title={`Leave ${businessName}?`}
        okText="Leave team"
        name="leave-team"
        form={form}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
