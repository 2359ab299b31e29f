import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { AuthCard } from '../../components/auth-card';
import { emailRules } from '../../lib/forms/email-rule';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useRequestPasswordReset } from './api/request-password-reset';

/** `/forgot-password`: mails a reset link. The answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [form] = Form.useForm<{ email: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetRequest = useRequestPasswordReset();
  const busy = resetRequest.isPending;
  const pathOf = usePathOf();

  const onFinish = async ({ email }: { email: string }) => {
    setError(null);
    try {
      await resetRequest.mutateAsync(email);
      setSentTo(email);
    } catch (e) {
      setError(applyServerErrors(form, e, ['email']));
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Result
          status="success"
          title="Reset link sent"
          subTitle={`If an account exists for ${sentTo}, we've sent a link to reset its password. The link works once, for one hour.`}
          extra={<Link to={pathOf(GUARD_ROUTES.login)}>Back to sign in</Link>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Reset your password to manage quotes and customer leads.">
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy}>
        <Form.Item label="Email" name="email" rules={emailRules()} validateTrigger="onBlur">
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Send reset link
        </Button>
      </Form>
      <Typography.Paragraph className="auth-card__footer">
        <Link to={pathOf(GUARD_ROUTES.login)}>Back to sign in</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
