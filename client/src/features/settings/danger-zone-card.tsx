import { Alert, App, Button, Card, Form, Input, Modal, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { deleteAccount } from './api/account';
import { useSessionVendor } from './use-session-vendor';

interface Values {
  confirmation: string;
  password: string;
}

/** Deleting the account (owners only): a modal that wants the business name typed and the password. */
export function DangerZoneCard() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const vendor = useSessionVendor();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const businessName = typeof vendor?.business_name === 'string' ? vendor.business_name : '';
  const typed = Form.useWatch('confirmation', form) ?? '';
  const matches = typed.trim() === businessName.trim() && businessName !== '';

  const close = () => {
    setOpen(false);
    setError(null);
    form.resetFields();
  };

  const onFinish = async ({ confirmation, password }: Values) => {
    setError(null);
    setBusy(true);
    try {
      await deleteAccount({ confirmation, password });
      void message.success('Your account has been deleted. We are sorry to see you go.');
      await navigate('/', { replace: true });
    } catch (e) {
      setError(applyServerErrors(form, e, ['confirmation', 'password']));
      setBusy(false);
    }
  };

  return (
    <Card title="Danger zone" className="settings-card" style={{ borderColor: token.colorErrorBorder }} styles={{ title: { color: token.colorError } }}>
      <Typography.Paragraph>
        Deleting the account removes {businessName ? <Typography.Text strong>{businessName}</Typography.Text> : 'your business'}, its team members, quotes, forms and settings for good. It
        cannot be undone.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Modal
        open={open}
        title="Delete this account?"
        okText="Delete account for good"
        okButtonProps={{ danger: true, disabled: !matches, loading: busy }}
        cancelButtonProps={{ disabled: busy }}
        onOk={() => form.submit()}
        onCancel={close}
        closable={!busy}
        maskClosable={!busy}
        destroyOnHidden
      >
        <Typography.Paragraph>
          This deletes <Typography.Text strong>{businessName}</Typography.Text> and everything in it, and signs out every member of your team.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} role="alert" className="settings-card__alert" />}
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy} name="delete-account">
          <Form.Item
            label={
              <span>
                Type <Typography.Text strong>{businessName}</Typography.Text> to confirm
              </span>
            }
            name="confirmation"
            rules={[
              { required: true, message: 'Type your business name' },
              {
                validator: async (_r, value: string | undefined) => {
                  if (value && value.trim() !== businessName.trim()) throw new Error(`Type ${businessName} exactly as shown`);
                },
              },
            ]}
          >
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
