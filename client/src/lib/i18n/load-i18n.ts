let locales = { locale: 'en', fallbackLocale: 'en' };
let loading: Promise<void> | null = null;

/** Takes `app.json`'s default and fallback locales (docs/specification.md §9), applied when the translations start; sets `<html lang>` now. */
export function setLocales(locale: string, fallbackLocale: string): void {
  locales = { locale, fallbackLocale };
  document.documentElement.lang = locale;
}

/**
 * Starts the translations (a chunk of its own: the sign-in page draws without it) in the configured locale,
 * once; every layout drawn with antd, the error screens and the startup error wait for it.
 */
export function loadI18n(): Promise<void> {
  loading ??= import('./i18n')
    .then(async ({ initI18n, applyLocale }) => {
      initI18n();
      await applyLocale(locales.locale, locales.fallbackLocale);
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
