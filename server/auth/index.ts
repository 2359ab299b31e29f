/**
 * The auth module: users, their credentials and sessions. Its router serves sign-up, sign-in,
 * tokens, password and email changes; other modules find, add, check and remove users through
 * the functions below, sign users in or end their sessions through the app's `Logins`, and
 * every module's routes are guarded by its authenticator.
 */
export { RESET_TTL_MS, type AuthSettings } from './auth-deps';
export { authRouter } from './auth.router';
export { subscribeAuth } from './auth.subscriptions';
export { createAuthenticator } from './authenticate';
export { DEMO_ACCOUNT, DELETE_DEMO_COMMAND, isDemoEmail } from './demo-account';
export { createGoogleVerifier } from './google-id-token';
export { createLogins, type Logins } from './logins';
export { addTeamMember, confirmPassword, deleteUser, findUser, findUserByEmail, listUsers, type UserSummary } from './members';
export { createSessionGate, type SessionGate } from './session-gate';
export { vendorRecordOfUser } from './sessions';
export type { TokenConfig } from './tokens';
export { authMigrations } from './migrations';
