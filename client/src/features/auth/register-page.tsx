import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { PASSWORD_MIN_LENGTH, validatePasswordLength } from '../../../../shared/validators/password';
import { SINGLE_LINE_MESSAGE, SINGLE_LINE_PATTERN } from '../../../../shared/validators/single-line';
import { AuthCard } from '../../components/auth-card';
import { emailRules } from '../../lib/forms/email-rule';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useRegister } from './api/register';
import { useGoHome } from './use-go-home';

interface Values {
  businessName: string;
  email: string;
  password: string;
}

/** `/register`: a business signs up; onboarding follows. */
export default function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const registration = useRegister();
  const goHome = useGoHome();
  const pathOf = usePathOf();
  // After a successful sign-up the page is on its way out: it stays busy until it is gone.
  const busy = registration.isPending || registration.isSuccess;

  const onFinish = async (values: Values) => {
    setError(null);
    try {
      await goHome(await registration.mutateAsync(values));
    } catch (e) {
      setError(applyServerErrors(form, e, ['businessName', 'email', 'password']));
    }
  };

  return (
    <AuthCard title="Create your account" subtitle="Sign up to promote your business and receive quote requests.">
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy}>
        <Form.Item
          label="Business name"
          name="businessName"
          rules={[
            { required: true, whitespace: true, min: 2, message: 'Enter your business name' },
            { pattern: SINGLE_LINE_PATTERN, message: SINGLE_LINE_MESSAGE },
          ]}
        >
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={emailRules()} validateTrigger="onBlur">
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          extra={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          rules={[
            { required: true, message: 'Choose a password' },
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
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Create account
        </Button>
      </Form>
      <Typography.Paragraph className="auth-card__footer">
        Already have an account? <Link to={pathOf(GUARD_ROUTES.login)}>Sign in</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
