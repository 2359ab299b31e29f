import { Alert, Button, Result } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { AuthCard } from '../../components/auth-card';
import { problemOf } from '../../lib/forms/server-errors';
import { usePathOf } from '../../lib/router/use-path-of';
import { useSession } from '../../lib/session/use-session';
import { useConfirmEmailChange } from './api/confirm-email-change';

/**
 * `/confirm-email/:token`: the link mailed to a new address. It asks for a click rather than
 * confirming on load, so a mail scanner opening the link does not use it.
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<{ kind: 'ready' } | { kind: 'done'; email: string } | { kind: 'invalid' | 'taken'; detail: string }>({ kind: 'ready' });
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmEmailChange();
  const busy = confirm.isPending;
  const pathOf = usePathOf();
  const signedIn = useSession().hasToken;
  const onward = signedIn ? <Link to={pathOf('settings')}>Back to settings</Link> : <Link to={pathOf(GUARD_ROUTES.login)}>Sign in</Link>;

  const onConfirm = async () => {
    setError(null);
    try {
      setState({ kind: 'done', email: await confirm.mutateAsync(token) });
    } catch (e) {
      const problem = problemOf(e);
      if (problem?.code === 'invalid-token') setState({ kind: 'invalid', detail: problem.detail ?? problem.title });
      else if (problem?.code === 'email-taken') setState({ kind: 'taken', detail: problem.detail ?? problem.title });
      else setError(problem?.detail ?? 'We could not reach the server. Check your connection and try again.');
    }
  };

  if (state.kind === 'done') {
    return (
      <AuthCard title="Email confirmed">
        <Result status="success" title="Your email address has been changed" subTitle={`From now on, sign in with ${state.email}.`} extra={onward} />
      </AuthCard>
    );
  }
  if (state.kind === 'invalid' || state.kind === 'taken') {
    return (
      <AuthCard title="Confirm your email">
        <Result
          status="warning"
          title={state.kind === 'invalid' ? 'This link is invalid or has expired' : 'This address is already in use'}
          subTitle={state.detail}
          extra={onward}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your email" subtitle="Use this address to sign in and receive notifications from now on.">
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Button type="primary" block size="large" loading={busy} onClick={() => void onConfirm()}>
        Confirm new email address
      </Button>
    </AuthCard>
  );
}
