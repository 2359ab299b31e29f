import { useMemo, useSyncExternalStore } from 'react';

/**
 * Translates an i18n key, or a config text (its own key: shown as written when untranslated);
 * `english`: the text to show while the catalogue is not loaded, for what must render without it.
 */
export type Translate = (key: string, english?: string) => string;

/** The shell's `t`: a key's text with its `{{name}}` placeholders filled from `values`. */
export type TFunction = (key: string, values?: Readonly<Record<string, unknown>>) => string;

/** A locale's texts by key (the configured locale's, then its fallback's). */
export type Catalogue = (key: string) => string | undefined;

const listeners = new Set<() => void>();
// Until the catalogue has loaded (lib/i18n/load-i18n.ts): the English given, else the key as written.
let catalogue: Catalogue = () => undefined;
let translate: Translate = (key, english) => english ?? key;

/** Replaces the catalogue (once loaded, or for another locale) and re-renders its readers. */
export function setCatalogue(next: Catalogue): void {
  catalogue = next;
  translate = (key, english) => next(key) ?? english ?? key;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Fills `{{name}}` placeholders; one with no value is left as written. */
export function interpolate(text: string, values?: Readonly<Record<string, unknown>>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

/**
 * The translate function of what renders before the catalogue is loaded (the root layout's
 * document title, the bare error screen, whose bundle keeps the translations out).
 */
export function useTranslate(): Translate {
  return useSyncExternalStore(subscribe, () => translate);
}

/**
 * The shell's translations (`const { t } = useTranslation()`): a key's text in the configured
 * locale, else its fallback's, else the key as written (config texts are their own keys), with
 * `{{name}}` filled from `values`. Re-renders when the catalogue changes.
 */
export function useTranslation(): { t: TFunction } {
  const current = useSyncExternalStore(subscribe, () => catalogue);
  return useMemo(() => ({ t: (key, values) => interpolate(current(key) ?? key, values) }), [current]);
}
