import { Alert, Button, Result } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { AuthCard } from '../../components/auth-card';
import { problemOf } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSession } from '../../lib/session/use-session';
import { useVerifyEmail } from './api/verify-email';

/**
 * `/verify-email/:token`: the link of the welcome mail. It asks for a click rather than verifying
 * on load, so a mail scanner opening the link does not use it.
 */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<{ kind: 'ready' } | { kind: 'done'; email: string } | { kind: 'invalid'; detail: string }>({ kind: 'ready' });
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyEmail();
  const pathOf = usePathOf();
  const signedIn = useSession().hasToken;
  const onward = signedIn ? <Link to={pathOf(GUARD_ROUTES.dashboard)}>Go to your dashboard</Link> : <Link to={pathOf(GUARD_ROUTES.login)}>Sign in</Link>;

  const onVerify = async () => {
    setError(null);
    try {
      setState({ kind: 'done', email: await verify.mutateAsync(token) });
    } catch (e) {
      const problem = problemOf(e);
      if (problem?.code === 'invalid-token') setState({ kind: 'invalid', detail: problem.detail ?? problem.title });
      else setError(problem?.detail ?? 'We could not reach the server. Check your connection and try again.');
    }
  };

  if (state.kind === 'done') {
    return (
      <AuthCard title="Email verified">
        <Result
          status="success"
          title="Your email address is verified"
          subTitle={`Quote requests and password reset links will reach you at ${state.email}.`}
          extra={onward}
        />
      </AuthCard>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <AuthCard title="Verify your email">
        <Result status="warning" title="This link is invalid or has expired" subTitle={state.detail} extra={onward} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your email" subtitle="Confirm that this address is yours, so quote requests and password reset links reach you.">
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Button type="primary" block size="large" loading={verify.isPending} onClick={() => void onVerify()}>
        Verify my email address
      </Button>
    </AuthCard>
  );
}
