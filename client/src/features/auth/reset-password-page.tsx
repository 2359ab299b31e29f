import { Alert, Button, Form, Result } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { AuthCard } from '../../components/auth-card';
import { applyServerErrors, problemOf } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useResetPassword } from './api/reset-password';
import { NewPasswordFields } from './new-password-fields';

interface Values {
  password: string;
  confirm: string;
}

/** `/reset-password/:token`: sets a new password; every signed-in device is signed out. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [form] = Form.useForm<Values>();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();
  const busy = reset.isPending;
  const pathOf = usePathOf();

  const onFinish = async ({ password }: Values) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      setState('done');
    } catch (e) {
      if (problemOf(e)?.code === 'invalid-token') setState('invalid');
      else setError(applyServerErrors(form, e, ['password']));
    }
  };

  if (state === 'done') {
    return (
      <AuthCard title="Password changed">
        <Result
          status="success"
          title="Your password has been changed"
          subTitle="Sign in with your new password. Other devices have been signed out."
          extra={<Link to={pathOf(GUARD_ROUTES.login)}>Sign in</Link>}
        />
      </AuthCard>
    );
  }
  if (state === 'invalid') {
    return (
      <AuthCard title="This link has expired">
        <Result
          status="warning"
          title="This reset link is invalid or has expired"
          subTitle="Reset links work once, for one hour."
          extra={<Link to={pathOf('forgot-password')}>Request a new link</Link>}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a new password" subtitle="Reset your password to manage quotes and customer leads.">
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy}>
        <NewPasswordFields autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Change password
        </Button>
      </Form>
    </AuthCard>
  );
}
