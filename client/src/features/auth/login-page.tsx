import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { emailRules } from '../../lib/forms/email-rule';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { login, loginWithGoogle } from './api/sign-in';
import { GoogleSignIn } from './google-sign-in';
import { useGoHome } from './use-go-home';

interface Values {
  email: string;
  password: string;
}

/** `/`: sign in with email and password (or Google when configured). */
export default function LoginPage() {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const goHome = useGoHome();
  const route = useCurrentRoute();

  const run = async (signIn: () => Promise<Parameters<typeof goHome>[0]>) => {
    setError(null);
    setBusy(true);
    try {
      await goHome(await signIn());
    } catch (e) {
      setError(applyServerErrors(form, e, ['email', 'password']));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Welcome back" subtitle={route?.meta.description ?? 'Sign in to manage your quotes and customer leads.'}>
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(values) => void run(() => login(values))} disabled={busy}>
        <Form.Item label="Email" name="email" rules={emailRules} validateTrigger="onBlur">
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="auth-card__row">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Sign in
        </Button>
      </Form>
      <GoogleSignIn onCredential={(idToken) => void run(() => loginWithGoogle(idToken))} />
      <Typography.Paragraph className="auth-card__footer">
        New to Vowly Pro? <Link to="/register">Create an account</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
