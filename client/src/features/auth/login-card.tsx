import type { FormEvent, ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';

export type LoginField = 'email' | 'password';
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

/** What the sign-in card draws; the build renders it with no handlers into sign-in.html (scripts/prerender-sign-in.tsx). */
export interface LoginCardProps {
  subtitle: string;
  forgotPasswordPath: string;
  registerPath: string;
  /** The couples' directory, linked quietly under the card ("Planning an event? Find vendors"); left out when not routed. */
  findVendorsPath?: string;
  /** Prefix of the inputs' ids (React's useId on the page, a fixed one in the prerendered HTML). */
  idPrefix: string;
  email: string;
  password: string;
  showPassword: boolean;
  errors: LoginFieldErrors;
  /** Why the vendor is here, when it is not their own doing ("Your session has expired. …"). */
  notice?: string | null;
  error: string | null;
  busy: boolean;
  emailRef?: Ref<HTMLInputElement>;
  passwordRef?: Ref<HTMLInputElement>;
  onEmailChange?: (value: string) => void;
  onEmailBlur?: () => void;
  onPasswordChange?: (value: string) => void;
  onToggleShowPassword?: () => void;
  onSubmit?: (event: FormEvent) => void;
  /** Below the form: "Sign in with Google" when configured. */
  extra?: ReactNode;
}

/** A labelled input with its error under it, announced and tied to the input. */
function TextField(props: {
  id: string;
  label: string;
  error: string | undefined;
  children: (input: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined; className: string }) => ReactNode;
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
 * The sign-in card: plain markup styled like the rest of the app. The inputs carry names and the
 * form posts (never a GET that would put the password in the address) for the prerendered copy.
 */
export function LoginCard(props: LoginCardProps) {
  const { errors, busy } = props;
  return (
    <AuthCard title="Welcome back" subtitle={props.subtitle}>
      {props.notice && (
        <div className="auth-alert auth-alert--info" role="status">
          {props.notice}
        </div>
      )}
      {props.error && (
        <div className="auth-alert auth-alert--error" role="alert">
          {props.error}
        </div>
      )}
      <form method="post" noValidate onSubmit={props.onSubmit} aria-busy={busy}>
        <fieldset className="auth-form__fields" disabled={busy}>
          <TextField id={`${props.idPrefix}-email`} label="Email" error={errors.email}>
            {(input) => (
              <input
                {...input}
                ref={props.emailRef}
                name="email"
                type="email"
                autoComplete="username"
                autoFocus
                value={props.email}
                onChange={(e) => props.onEmailChange?.(e.target.value)}
                onBlur={props.onEmailBlur}
              />
            )}
          </TextField>
          <TextField id={`${props.idPrefix}-password`} label="Password" error={errors.password}>
            {(input) => (
              <div className="auth-password">
                <input
                  {...input}
                  ref={props.passwordRef}
                  name="password"
                  type={props.showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={props.password}
                  onChange={(e) => props.onPasswordChange?.(e.target.value)}
                />
                <button type="button" className="auth-password__toggle" aria-pressed={props.showPassword} onClick={props.onToggleShowPassword}>
                  {props.showPassword ? 'Hide' : 'Show'}
                  <span className="visually-hidden"> password</span>
                </button>
              </div>
            )}
          </TextField>
          <div className="auth-card__row">
            <Link to={props.forgotPasswordPath}>Forgot password?</Link>
          </div>
          <button type="submit" className="auth-button">
            {busy && <span className="auth-button__spinner" aria-hidden="true" />}
            Sign in
          </button>
        </fieldset>
      </form>
      {props.extra}
      <p className="auth-card__footer">
        New to Vowly Pro? <Link to={props.registerPath}>Create an account</Link>
      </p>
      {props.findVendorsPath && (
        <p className="auth-card__aside">
          Planning an event? <Link to={props.findVendorsPath}>Find vendors</Link>
        </p>
      )}
    </AuthCard>
  );
}
