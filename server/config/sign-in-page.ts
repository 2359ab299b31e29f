import { GUARD_ROUTES } from '../../shared/guard/rule-ids';
import { DEFAULT_SIGN_IN_SUBTITLE, SIGN_IN_PLACEHOLDERS } from '../../shared/prerender/sign-in-placeholders';
import type { ConfigSnapshot } from './schema-store/snapshot';

/** The prerendered sign-in page's path and its placeholders' values (plain text; the page escapes them) from the current config. */
export function signInPage(snapshot: ConfigSnapshot): { path: string; values: Record<string, string> } {
  const { table, config } = snapshot;
  const login = table.routes.find((route) => route.name === GUARD_ROUTES.login);
  return {
    path: table.pathOf(GUARD_ROUTES.login),
    values: {
      [SIGN_IN_PLACEHOLDERS.brand]: config.app.displayName,
      [SIGN_IN_PLACEHOLDERS.subtitle]: login?.meta.description ?? DEFAULT_SIGN_IN_SUBTITLE,
      [SIGN_IN_PLACEHOLDERS.forgotPasswordPath]: table.pathOf('forgot-password'),
      [SIGN_IN_PLACEHOLDERS.registerPath]: table.pathOf('register'),
      [SIGN_IN_PLACEHOLDERS.findVendorsPath]: table.byName('vendors')?.path ?? '/vendors',
    },
  };
}
