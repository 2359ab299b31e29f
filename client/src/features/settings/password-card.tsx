import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH, validatePasswordLength } from '../../../../shared/validators/password';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useSessionVendor } from '../../lib/session/use-session';
import { useToast } from '../../lib/toast/toast';
import { useChangePassword } from './api/change-password';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change password: the current one, a new one typed twice. Other devices are signed out. */
export function PasswordCard() {
  const message = useToast();
  const vendor = useSessionVendor();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const busy = change.isPending;

  const onFinish = async ({ currentPassword, newPassword }: Values) => {
    setError(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.resetFields();
      void message.success('Password changed. Your other devices have been signed out.');
    } catch (e) {
      setError(applyServerErrors(form, e, ['currentPassword', 'newPassword']));
    }
  };

  return (
    <Card title="Password" className="settings-card">
      {vendor?.has_password === false ? (
        <Typography.Paragraph type="secondary">
          You sign in with Google, so your account has no password yet. To add one, sign out and use &ldquo;Forgot password?&rdquo; on the sign-in screen.
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph type="secondary">Changing your password signs you out on every other device.</Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} role="alert" className="settings-card__alert" />}
          <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy} name="change-password">
            <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Enter your current password' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label="New password"
              name="newPassword"
              extra={`At least ${PASSWORD_MIN_LENGTH} characters. A long phrase is easiest to remember.`}
              rules={[
                { required: true, message: 'Choose a new password' },
                {
                  validator: async (_r, value: string | undefined) => {
                    const result = validatePasswordLength(value ?? '');
                    if (result !== true) throw new Error(result);
                  },
                },
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirm new password"
              name="confirm"
              dependencies={['newPassword']}
              rules={[
                { required: true, message: 'Type the new password again' },
                ({ getFieldValue }) => ({
                  validator: async (_r, value: string | undefined) => {
                    if (value && value !== getFieldValue('newPassword')) throw new Error('The passwords do not match');
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              Change password
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
