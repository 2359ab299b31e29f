import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { emailProblem } from '../../lib/forms/email-rule';
import { serverErrors } from '../../lib/forms/server-errors';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { usePathOf } from '../../lib/router/use-path-of';
import { logIn } from './api/log-in';
import { logInWithGoogle } from './api/log-in-with-google';
import { GoogleSignIn } from './google-sign-in';
import { useGoHome } from './use-go-home';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

function checkPassword(value: string): string | undefined {
  return value ? undefined : 'Enter your password';
}

/** A labelled input with its error under it, announced and tied to the input. */
function TextField(props: {
  id: string;
  label: string;
  error: string | undefined;
  children: (input: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined; className: string }) => React.ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children({
        id: props.id,
        'aria-invalid': Boolean(props.error),
        'aria-describedby': props.error ? errorId : undefined,
        className: `auth-input${props.error ? ' auth-input--error' : ''}`,
      })}
      <div id={errorId} className="auth-field__error" aria-live="polite">
        {props.error}
      </div>
    </div>
  );
}

/**
 * `/`: sign in with email and password (or Google when configured). Plain markup styled like the
 * rest of the app: this page opens most visits, and antd is not downloaded until after it.
 */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const goHome = useGoHome();
  const route = useCurrentRoute();
  const pathOf = usePathOf();

  const run = async (signIn: () => Promise<Parameters<typeof goHome>[0]>) => {
    setError(null);
    setBusy(true);
    try {
      await goHome(await signIn());
    } catch (e) {
      const { fields, message } = serverErrors(e, ['email', 'password']);
      setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      setError(message);
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = { email: emailProblem(email), password: checkPassword(password) };
    setErrors(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    void run(() => logIn({ email, password }));
  };

  return (
    <AuthCard title="Welcome back" subtitle={route?.meta.description ?? 'Sign in to manage your quotes and customer leads.'}>
      {error && (
        <div className="auth-alert auth-alert--error" role="alert">
          {error}
        </div>
      )}
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <fieldset className="auth-form__fields" disabled={busy}>
          <TextField id={`${id}-email`} label="Email" error={errors.email}>
            {(input) => (
              <input
                {...input}
                ref={emailInput}
                type="email"
                autoComplete="username"
                autoFocus
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setErrors((current) => ({ ...current, email: undefined }));
                }}
                onBlur={() => email && setErrors((current) => ({ ...current, email: emailProblem(email) }))}
              />
            )}
          </TextField>
          <TextField id={`${id}-password`} label="Password" error={errors.password}>
            {(input) => (
              <div className="auth-password">
                <input
                  {...input}
                  ref={passwordInput}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setErrors((current) => ({ ...current, password: undefined }));
                  }}
                />
                <button type="button" className="auth-password__toggle" aria-pressed={showPassword} onClick={() => setShowPassword(!showPassword)}>
                  {showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              </div>
            )}
          </TextField>
          <div className="auth-card__row">
            <Link to={pathOf('forgot-password')}>Forgot password?</Link>
          </div>
          <button type="submit" className="auth-button">
            {busy && <span className="auth-button__spinner" aria-hidden="true" />}
            Sign in
          </button>
        </fieldset>
      </form>
      <GoogleSignIn onCredential={(idToken) => void run(() => logInWithGoogle(idToken))} />
      <p className="auth-card__footer">
        New to Vowly Pro? <Link to={pathOf('register')}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
