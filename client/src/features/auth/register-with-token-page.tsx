import { Alert, Button, Form, Input, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { AuthCard } from '../../components/auth-card';
import { applyServerErrors, problemOf } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useInvitation } from './api/get-invitation';
import { useRegisterWithToken } from './api/register-with-token';
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
  const loaded = useInvitation(token);
  // The link stopped working while the form was open (withdrawn, or used in another tab).
  const [revoked, setRevoked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const joining = useRegisterWithToken();
  // After joining the page is on its way out: it stays busy until it is gone.
  const busy = joining.isPending || joining.isSuccess;
  const goHome = useGoHome();
  const pathOf = usePathOf();
  const invitation = revoked || loaded.isError ? 'invalid' : (loaded.data ?? 'loading');

  const onFinish = async ({ password }: Values) => {
    setError(null);
    try {
      await goHome(await joining.mutateAsync({ token, password }));
    } catch (e) {
      if (problemOf(e)?.code === 'invalid-token') setRevoked(true);
      else setError(applyServerErrors(form, e, ['password']));
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
        <Result
          status="warning"
          title="This invitation is no longer valid"
          subTitle="It was withdrawn, already used or has expired. Ask the account owner to invite you again."
          extra={<Link to={pathOf(GUARD_ROUTES.login)}>Go to sign in</Link>}
        />
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
