import { Alert, Button, Form, Result } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { applyServerErrors, problemOf } from '../../lib/forms/server-errors';
import { resetPassword } from './api/password-reset';
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
  const [busy, setBusy] = useState(false);

  const onFinish = async ({ password }: Values) => {
    setError(null);
    setBusy(true);
    try {
      await resetPassword({ token, password });
      setState('done');
    } catch (e) {
      if (problemOf(e)?.code === 'invalid-token') setState('invalid');
      else setError(applyServerErrors(form, e, ['password']));
    } finally {
      setBusy(false);
    }
  };

  if (state === 'done') {
    return (
      <AuthCard title="Password changed">
        <Result status="success" title="Your password has been changed" subTitle="Sign in with your new password. Other devices have been signed out." extra={<Link to="/">Sign in</Link>} />
      </AuthCard>
    );
  }
  if (state === 'invalid') {
    return (
      <AuthCard title="This link has expired">
        <Result status="warning" title="This reset link is invalid or has expired" subTitle="Reset links work once, for one hour." extra={<Link to="/forgot-password">Request a new link</Link>} />
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
