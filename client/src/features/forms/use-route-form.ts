import { useNavigate, useRevalidator } from 'react-router-dom';
import { GUARD_ROUTES } from '../../../../shared/guard/rule-ids';
import { useConfig } from '../../lib/config/config-context';
import { useFormScreen, type FormScreenOptions } from '../../lib/forms/use-form-screen';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { usePathOf } from '../../lib/router/use-path-of';

/**
 * The form screen of the current route: its form is the route's `formId` (or its name). After a
 * save on a compulsory screen the vendor goes on to the dashboard, and the guard decides where
 * they land; anywhere else the guard runs again in place, so a save that makes a screen
 * compulsory (a newly added service) leads straight to it.
 */
export function useRouteForm(options: Omit<FormScreenOptions<undefined>, 'formId' | 'afterSave'> = {}) {
  const route = useCurrentRoute();
  const { guardRules } = useConfig();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const pathOf = usePathOf();
  const compulsory = route?.name === GUARD_ROUTES.onboarding || guardRules.some((rule) => rule.redirectTo === route?.name);
  const screen = useFormScreen({
    ...options,
    formId: route?.formId ?? route?.name ?? '',
    afterSave: () => {
      if (compulsory) void navigate(pathOf(GUARD_ROUTES.dashboard));
      else void revalidator.revalidate();
    },
  });
  return { ...screen, route };
}
