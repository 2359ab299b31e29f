import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { applyServerErrors, problemOf } from '../../lib/forms/server-errors';
import { getInvitation } from './api/invitation';
import { registerWithToken } from './api/sign-in';
import { NewPasswordFields } from './new-password-fields';
import { useGoHome } from './use-go-home';

interface Values {
  password: string;
  confirm: string;
}

/** `/register-with-token/:token`: an invited team member sets a password and joins the business. */
export default function RegisterWithTokenPage() {
  const { token = '' } = useParams();
  const [form] = Form.useForm<Values>();
  const [invitation, setInvitation] = useState<{ email: string; businessName: string } | 'loading' | 'invalid'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const goHome = useGoHome();

  useEffect(() => {
    getInvitation(token)
      .then(setInvitation)
      .catch(() => setInvitation('invalid'));
  }, [token]);

  const onFinish = async ({ password }: Values) => {
    setError(null);
    setBusy(true);
    try {
      await goHome(await registerWithToken({ token, password }));
    } catch (e) {
      if (problemOf(e)?.code === 'invalid-token') setInvitation('invalid');
      else setError(applyServerErrors(form, e, ['password']));
      setBusy(false);
    }
  };

  if (invitation === 'loading') {
    return (
      <AuthCard title="Join your team">
        <Skeleton active />
      </AuthCard>
    );
  }
  if (invitation === 'invalid') {
    return (
      <AuthCard title="Join your team">
        <Result status="warning" title="This invitation is no longer valid" subTitle="It was withdrawn, already used or has expired. Ask the account owner to invite you again." extra={<Link to="/">Go to sign in</Link>} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${invitation.businessName}`} subtitle="Accept your invitation to manage quotes and customer leads with your team.">
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)} disabled={busy}>
        <Form.Item label="Email" htmlFor="invited-email">
          <Input id="invited-email" value={invitation.email} readOnly autoComplete="username" />
        </Form.Item>
        <NewPasswordFields autoFocus />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          Join the team
        </Button>
      </Form>
    </AuthCard>
  );
}
