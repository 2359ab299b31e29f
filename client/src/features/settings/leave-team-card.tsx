import { Alert, App, Button, Card, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { leaveTeam } from './api/team';
import { useSessionVendor } from './use-session-vendor';

/** Leaving the business (team members): confirmed with the password; the login is closed. */
export function LeaveTeamCard() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const vendor = useSessionVendor();
  const [form] = Form.useForm<{ password: string }>();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const businessName = typeof vendor?.business_name === 'string' ? vendor.business_name : 'this business';

  const close = () => {
    setOpen(false);
    setError(null);
    form.resetFields();
  };

  const onFinish = async ({ password }: { password: string }) => {
    setError(null);
    setBusy(true);
    try {
      await leaveTeam(password);
      void message.success(`You left ${businessName}. Your login is closed.`);
      await navigate('/', { replace: true });
    } catch (e) {
      setError(applyServerErrors(form, e, ['password']));
      setBusy(false);
    }
  };

  return (
    <Card title="Leave the team" className="settings-card">
      <Typography.Paragraph>
        Leaving closes your login to <Typography.Text strong>{businessName}</Typography.Text>. The quotes and messages you worked on stay with the business. To come back, ask the owner
        for a new invitation.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Leave team
      </Button>
      <Modal
        open={open}
        title={`Leave ${businessName}?`}
        okText="Leave team"
        okButtonProps={{ danger: true, loading: busy }}
        cancelButtonProps={{ disabled: busy }}
        onOk={() => form.submit()}
        onCancel={close}
        closable={!busy}
        maskClosable={!busy}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon title={error} role="alert" className="settings-card__alert" />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy} name="leave-team">
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
