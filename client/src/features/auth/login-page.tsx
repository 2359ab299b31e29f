import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_SIGN_IN_SUBTITLE } from '../../../../shared/prerender/sign-in-placeholders';
import { useConfig } from '../../lib/config/config-context';
import { emailProblem } from '../../lib/forms/email-rule';
import { requestErrors } from '../../lib/forms/problem-errors';
import { readPrerenderedSignIn, removePrerenderedSignIn } from '../../lib/prerender/prerendered-sign-in';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { usePathOf } from '../../lib/router/use-path-of';
import { forgetSessionEnd, readSessionEnd, type SessionEnd } from '../../lib/session/session';
import { logIn } from './api/log-in';
import { logInWithGoogle } from './api/log-in-with-google';
import { GoogleSignIn } from './google-sign-in';
import { LoginCard, type LoginFieldErrors } from './login-card';
import { useGoHome } from './use-go-home';

/** What the page says when the session ended without the vendor signing out. */
const SESSION_END_NOTICES: Record<SessionEnd, string> = {
  expired: 'Your session has expired. Sign in again to continue.',
  refused: 'Your session has ended. Sign in again to continue.',
};

function checkPassword(value: string): string | undefined {
  return value ? undefined : 'Enter your password';
}

/**
 * `/`: sign in with email and password (or Google when configured). Plain markup styled like the
 * rest of the app: this page opens most visits, and antd is not downloaded until after it. The
 * server sends the same card as HTML (sign-in.html); this page takes it over with whatever the
 * vendor typed, the focus, and a "Sign in" pressed before the bundle arrived.
 */
export default function LoginPage() {
  const [prerendered] = useState(readPrerenderedSignIn);
  const [email, setEmail] = useState(prerendered?.email ?? '');
  const [password, setPassword] = useState(prerendered?.password ?? '');
  const [showPassword, setShowPassword] = useState(prerendered?.showPassword ?? false);
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sessionEnd, setSessionEnd] = useState(readSessionEnd);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const goHome = useGoHome();
  const route = useCurrentRoute();
  const pathOf = usePathOf();
  const { table } = useConfig();

  // Said once: a later visit to this page (after a sign-out, say) is the vendor's own doing.
  useEffect(() => forgetSessionEnd(), []);

  // Before the first paint of this card, so the two copies are never both on screen.
  useLayoutEffect(() => {
    if (!prerendered) return;
    // Read again in the task that removes the card: what was typed between the first render and
    // now (React may yield in between) is kept too; the state set here renders before the paint.
    const latest = readPrerenderedSignIn() ?? prerendered;
    removePrerenderedSignIn();
    // Once, from the page the server drew (outside React), before the first paint: no cascade.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (latest.email !== prerendered.email) setEmail(latest.email);
    if (latest.password !== prerendered.password) setPassword(latest.password);
    if (latest.showPassword !== prerendered.showPassword) setShowPassword(latest.showPassword);
    /* eslint-enable react-hooks/set-state-in-effect */
    // By now React's own card has taken the focus (autoFocus runs before this effect): the latest
    // read gives where it was in the server's card at that moment (watchPrerenderedFocus).
    const { focus, submitted } = latest;
    const input = focus?.field === 'password' ? passwordInput.current : focus ? emailInput.current : null;
    if (input && focus) {
      input.focus();
      if (focus.start !== null) input.setSelectionRange(focus.start, focus.end);
    }
    // A "Sign in" pressed before the bundle arrived is sent once the values above have rendered.
    const form = emailInput.current?.form;
    if (submitted && form) window.setTimeout(() => form.requestSubmit(), 0);
  }, [prerendered]);

  const run = async (signIn: () => Promise<Parameters<typeof goHome>[0]>) => {
    setSessionEnd(null);
    setError(null);
    setBusy(true);
    try {
      await goHome(await signIn());
    } catch (e) {
      const { fields, message } = requestErrors(e, ['email', 'password']);
      setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      setError(message);
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: LoginFieldErrors = { email: emailProblem(email), password: checkPassword(password) };
    setErrors(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    void run(() => logIn({ email, password }));
  };

  return (
    <LoginCard
      subtitle={route?.meta.description ?? DEFAULT_SIGN_IN_SUBTITLE}
      forgotPasswordPath={pathOf('forgot-password')}
      registerPath={pathOf('register')}
      findVendorsPath={table.byName('vendors')?.path}
      idPrefix={id}
      email={email}
      password={password}
      showPassword={showPassword}
      errors={errors}
      notice={sessionEnd && SESSION_END_NOTICES[sessionEnd]}
      error={error}
      busy={busy}
      emailRef={emailInput}
      passwordRef={passwordInput}
      onEmailChange={(value) => {
        setEmail(value);
        setErrors((current) => ({ ...current, email: undefined }));
      }}
      onEmailBlur={() => email && setErrors((current) => ({ ...current, email: emailProblem(email) }))}
      onPasswordChange={(value) => {
        setPassword(value);
        setErrors((current) => ({ ...current, password: undefined }));
      }}
      onToggleShowPassword={() => setShowPassword(!showPassword)}
      onSubmit={submit}
      extra={<GoogleSignIn onCredential={(idToken) => void run(() => logInWithGoogle(idToken))} />}
    />
  );
}
