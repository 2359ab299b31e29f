import type { AppAbility } from '../ability/create-ability';
import type { GuardRule } from '../contracts/guard-rule';
import type { Route } from '../contracts/route';
import type { VendorRecord } from '../contracts/vendor';
import { ruleHolds } from './rule-holds';
import { BUILT_IN_RULES, GUARD_ROUTES, PAYMENT_FAILED } from './rule-ids';

/** Who is navigating. Logged in means the vendor record and the auth token are both present. */
export interface GuardSession {
  vendor: VendorRecord | null;
  hasToken: boolean;
}

/** Everything the guard needs besides the target: the session, its ability and the rules. */
export interface GuardContext {
  session: GuardSession;
  ability: AppAbility;
  /** Category rules, already in their configured order. */
  rules: readonly GuardRule[];
}

/** The guard's verdict: allow, or redirect to a named route because of `rule`. */
export type GuardDecision = { allow: true } | { allow: false; redirectTo: string; rule: string };

const ALLOW: GuardDecision = { allow: true };

function redirect(redirectTo: string, rule: string): GuardDecision {
  return { allow: false, redirectTo, rule };
}

/** Whether the session counts as logged in. */
export function isLoggedIn(session: GuardSession): boolean {
  return session.vendor !== null && session.hasToken;
}

function onboardingStep(vendor: VendorRecord): number {
  const step = Number(vendor.last_completed_step ?? 0);
  return Number.isFinite(step) ? step : 0;
}

/**
 * docs/specification.md §4 "Guard for signed-in users on routes that require login": payment first, then
 * the category rules in order, first match wins. A match on the route it forces allows it.
 * Returns null when no rule matched.
 */
function signedInChain(route: Route, vendor: VendorRecord, rules: readonly GuardRule[]): GuardDecision | null {
  if (vendor.payment_status === PAYMENT_FAILED) {
    return route.name === GUARD_ROUTES.updatePaymentMethod ? ALLOW : redirect(GUARD_ROUTES.updatePaymentMethod, BUILT_IN_RULES.paymentFailed);
  }
  if (route.name === GUARD_ROUTES.updatePaymentMethod) return redirect(GUARD_ROUTES.dashboard, BUILT_IN_RULES.paymentOk);
  const rule = rules.find((candidate) => ruleHolds(candidate, vendor));
  if (!rule) return null;
  return route.name === rule.redirectTo ? ALLOW : redirect(rule.redirectTo, rule.id);
}

/** The authorize-list and onboarding-step rules that follow the chain (docs/architecture.md: The guard). */
function onboardingRules(route: Route, vendor: VendorRecord): GuardDecision | null {
  const step = onboardingStep(vendor);
  const { authorize } = route.meta;
  if (authorize && !authorize.includes(vendor.role ?? '')) {
    return redirect(step < 1 ? GUARD_ROUTES.onboarding : GUARD_ROUTES.dashboard, BUILT_IN_RULES.authorize);
  }
  if (step >= 1 && route.name === GUARD_ROUTES.onboarding) {
    return redirect(GUARD_ROUTES.dashboard, BUILT_IN_RULES.onboardingComplete);
  }
  if (step < 1 && route.name !== GUARD_ROUTES.onboarding) {
    return redirect(GUARD_ROUTES.onboarding, BUILT_IN_RULES.onboardingIncomplete);
  }
  return null;
}

function passesAbility(route: Route, ability: AppAbility): boolean {
  const { resource, action } = route.meta;
  return resource === undefined || ability.can(action ?? 'read', resource);
}

/**
 * Decides one navigation to `route` (null for an unknown path) without side effects. The
 * caller turns a redirect into a navigation; `resolveNavigation` follows them to the end.
 */
export function evaluateGuard(route: Route | null, context: GuardContext): GuardDecision {
  if (!route) return redirect(GUARD_ROUTES.login, BUILT_IN_RULES.unknownPath);
  const { session, ability, rules } = context;
  const vendor = isLoggedIn(session) ? session.vendor : null;

  if (route.meta.requiresAuth) {
    if (!vendor) return redirect(GUARD_ROUTES.login, BUILT_IN_RULES.unauthenticated);
    const decision = signedInChain(route, vendor, rules) ?? onboardingRules(route, vendor);
    if (decision) return decision;
    return passesAbility(route, ability) ? ALLOW : redirect(GUARD_ROUTES.notAuthorized, BUILT_IN_RULES.notAuthorized);
  }

  if (vendor && route.meta.redirectIfLoggedIn) {
    const home = onboardingStep(vendor) < 1 ? GUARD_ROUTES.onboarding : GUARD_ROUTES.dashboard;
    return redirect(home, BUILT_IN_RULES.redirectIfLoggedIn);
  }
  if (!passesAbility(route, ability)) {
    return redirect(vendor ? GUARD_ROUTES.notAuthorized : GUARD_ROUTES.login, BUILT_IN_RULES.notAuthorized);
  }
  return ALLOW;
}
