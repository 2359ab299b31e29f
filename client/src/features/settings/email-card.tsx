import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { emailRules } from '../../lib/forms/email-rule';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';
import { useRequestEmailChange } from './api/request-email-change';

interface Values {
  newEmail: string;
  password: string;
}

/** Change email: the new address gets a confirmation link; the email changes once it is opened. */
export function EmailCard() {
  const message = useToast();
  const vendor = useSessionVendor();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestEmailChange();
  const busy = request.isPending;
  const current = typeof vendor?.email === 'string' ? vendor.email : '';

  const onFinish = async ({ newEmail, password }: Values) => {
    setError(null);
    try {
      await request.mutateAsync({ newEmail, password });
      form.resetFields();
      setPending(newEmail.trim().toLowerCase());
      void message.success(`We sent a confirmation link to ${newEmail.trim()}`);
    } catch (e) {
      setError(applyServerErrors(form, e, ['newEmail', 'password']));
    }
  };

  return (
    <Card title="Email" className="settings-card">
      <Typography.Paragraph>
        You sign in and receive notifications at <Typography.Text strong>{current}</Typography.Text>.
      </Typography.Paragraph>
      {pending && (
        <Alert
          type="info"
          showIcon
          className="settings-card__alert"
          title={`Check ${pending}`}
          description="Open the link we sent there within 24 hours to start using that address. Until then, keep signing in with your current one."
        />
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" className="settings-card__alert" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy} name="change-email">
        <Form.Item label="New email" name="newEmail" rules={emailRules('Enter your new email address')} validateTrigger="onBlur">
          <Input type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" extra="To confirm it's you." rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Send confirmation link
        </Button>
      </Form>
    </Card>
  );
}
