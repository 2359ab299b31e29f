/** Route names the guard itself redirects to (docs/specification.md §2 "Named routes used by the guard"). */
export const GUARD_ROUTES = {
  login: 'login',
  dashboard: 'dashboard',
  onboarding: 'new-user-step-1',
  updatePaymentMethod: 'update-payment-method',
  notAuthorized: 'not-authorized',
  accessControl: 'access-control',
} as const;

/** Ids of the rules built into the guard; category rules bring their own ids. */
export const BUILT_IN_RULES = {
  unknownPath: 'unknown-path',
  unauthenticated: 'unauthenticated',
  redirectIfLoggedIn: 'redirect-if-logged-in',
  paymentFailed: 'payment-failed',
  paymentOk: 'payment-ok',
  authorize: 'authorize',
  onboardingComplete: 'onboarding-complete',
  onboardingIncomplete: 'onboarding-incomplete',
  notAuthorized: 'not-authorized',
} as const;

/** The payment status that forces update-payment-method (docs/specification.md §4 rule 1). */
export const PAYMENT_FAILED = 'payment_failed';
