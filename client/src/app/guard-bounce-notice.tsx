import { BUILT_IN_RULES } from '../../../shared/guard/rule-ids';
import { useConfig } from '../lib/config/config-context';
import { useGuardBounces, type GuardBounce } from '../lib/router/guard-bounce';
import { useToast } from '../lib/toast/toast';

/** Why the page the vendor asked for did not open, and what opens it. */
export function bounceMessage(bounce: GuardBounce, screenTitle: string | undefined): string {
  const page = `“${bounce.attempted}”`;
  if (bounce.rule === BUILT_IN_RULES.paymentFailed) return `${page} opens again once your payment goes through. Update your payment method here.`;
  if (bounce.rule === BUILT_IN_RULES.onboardingIncomplete) return `${page} opens once you finish telling us about your business.`;
  return screenTitle ? `${page} opens once you save “${screenTitle}” on this page.` : `${page} is not open to you yet.`;
}

/** A click the guard sent back to this very screen says so in a toast, instead of doing nothing. */
export function GuardBounceNotice() {
  const { guardRules, routes } = useConfig();
  const toast = useToast();
  useGuardBounces((bounce) => {
    const rule = guardRules.find((candidate) => candidate.id === bounce.rule);
    const screen = rule && routes.find((route) => route.name === rule.redirectTo);
    void toast.warning({ content: bounceMessage(bounce, screen?.meta.title), key: 'guard-bounce' });
  });
  return null;
}
