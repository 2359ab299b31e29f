import en from './locales/en.json';
import { setCatalogue, type Catalogue } from './translate';

/** The locales the client ships, each its texts by key. */
const CATALOGUES: Readonly<Record<string, Readonly<Record<string, string>>>> = { en };

function catalogueOf(locale: string, fallbackLocale: string): Catalogue {
  const own = CATALOGUES[locale];
  const fallback = CATALOGUES[fallbackLocale];
  return (key) => own?.[key] ?? fallback?.[key];
}

/**
 * Starts the translations in English; `applyLocale` switches to the configured locale. Keys are
 * semantic (`shell.scrollToTop`); config texts (route titles, menu groups) are their own key, so
 * an untranslated one shows as written. Synchronous: the catalogues are bundled.
 */
export function initI18n(): void {
  setCatalogue(catalogueOf('en', 'en'));
}

/** Applies `app.json`'s default and fallback locales (docs/specification.md §9: en and en). */
export function applyLocale(locale: string, fallbackLocale: string): Promise<void> {
  setCatalogue(catalogueOf(locale, fallbackLocale));
  document.documentElement.lang = locale;
  return Promise.resolve();
}
