import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { setTranslate } from './translate';

/** The locales the client ships. */
const RESOURCES = { en: { translation: en } } as const;

/**
 * Starts i18next in English; `applyLocale` switches to the configured locale. Keys are semantic
 * (`shell.scrollToTop`); config texts (route titles, menu groups) are their own key, so an
 * untranslated one shows as written. Synchronous: the resources are bundled.
 */
export function initI18n(): void {
  void i18next.use(initReactI18next).init({
    resources: RESOURCES,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    // Config texts contain ":" and "." and must stay whole.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  setTranslate((key, english) => (english === undefined ? i18next.t(key) : i18next.t(key, { defaultValue: english })));
}

/** Applies `app.json`'s default and fallback locales (docs/specification.md §9: en and en). */
export async function applyLocale(locale: string, fallbackLocale: string): Promise<void> {
  i18next.options.fallbackLng = fallbackLocale;
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
  setTranslate((key, english) => (english === undefined ? i18next.t(key) : i18next.t(key, { defaultValue: english })));
}
