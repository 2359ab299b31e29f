import { AppError } from '../core/http/app-error';
import type { AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import { DELETE_DEMO_COMMAND, isDemoEmail } from './demo-account';
import { verifyPassword } from './password';
import { signedIn } from './sessions';
import type { SignInThrottle } from './sign-in-throttle';
import { createAccount } from './sign-up';
import { hashAddress } from './tokens';

const INVALID_CREDENTIALS = 'The email or password is incorrect.';

/**
 * Sign-in with email and password; the same 401 for an unknown email and a wrong password.
 * The throttle decides before any hashing whether this address may try now; an address the
 * account signed in from before is remembered, so an attack on the account does not slow it.
 */
export async function login(deps: AuthDeps, input: { email: string; password: string }, client: { address: string; throttle: SignInThrottle }) {
  if (deps.demoSignIn === 'refused' && isDemoEmail(input.email)) {
    deps.logger.warn(`sign-in to the demo account refused: it must not exist in production; delete it with \`${DELETE_DEMO_COMMAND}\``);
    throw new AppError(401, 'invalid-credentials', INVALID_CREDENTIALS);
  }
  const db = deps.database.db;
  const attempt = { email: input.email, address: client.address };
  const addressHash = hashAddress(deps.tokens.secret, client.address);
  // The user is looked up only when the throttle needs to know whether this address is theirs.
  await client.throttle.check(attempt, async () => {
    const known = await repo.findUserByEmail(db, input.email);
    return known ? repo.isKnownSignInAddress(db, known.id, addressHash) : false;
  });
  const user = await repo.findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password, deps.passwordCost);
  if (!user || !ok) {
    await client.throttle.failed(attempt);
    throw new AppError(401, 'invalid-credentials', INVALID_CREDENTIALS);
  }
  await client.throttle.succeeded(attempt);
  await repo.rememberSignInAddress(db, user.id, addressHash, deps.clock.now());
  return signedIn(deps, user);
}

/** Sign-in with a Google ID token: by Google account, else a verified matching email, else a new account. */
export async function loginWithGoogle(deps: AuthDeps, idToken: string) {
  if (!deps.google) throw new AppError(404, 'not-found', 'Google sign-in is not configured.');
  const verified = await deps.google.verify(idToken);
  if (!verified) throw new AppError(401, 'invalid-credentials', 'Google could not confirm your sign-in. Please try again.');
  // Stored emails are lower-case; Google may report any case.
  const identity = { ...verified, email: verified.email?.toLowerCase() ?? null };
  const db = deps.database.db;
  let user = await repo.findUserByGoogleSub(db, identity.sub);
  if (!user && identity.email && identity.emailVerified) {
    const byEmail = await repo.findUserByEmail(db, identity.email);
    if (byEmail) {
      const now = deps.clock.now();
      await repo.linkGoogle(db, byEmail.id, identity.sub, now);
      await repo.markEmailVerified(db, byEmail.id, now);
      user = { ...byEmail, google_sub: identity.sub, email_verified_at: byEmail.email_verified_at ?? now };
    }
  }
  if (!user) {
    if (!identity.email || !identity.emailVerified) throw new AppError(401, 'invalid-credentials', 'Your Google account has no verified email address.');
    user = await createAccount(deps, {
      email: identity.email,
      passwordHash: null,
      businessName: identity.name ?? identity.email.split('@')[0] ?? 'My business',
      googleSub: identity.sub,
    });
  }
  return signedIn(deps, user);
}
