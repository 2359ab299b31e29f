import { useSyncExternalStore } from 'react';

/**
 * Translates an i18n key, or a config text (its own key: shown as written when untranslated);
 * `english`: the text to show while i18next is not loaded, for what must render without it.
 */
export type Translate = (key: string, english?: string) => string;

const listeners = new Set<() => void>();
// Until i18next has started (lib/i18n/load-i18n.ts): the English given, else the key as written.
let current: Translate = (key, english) => english ?? key;

/** Replaces the translate function (i18next's, once started) and re-renders its readers. */
export function setTranslate(translate: Translate): void {
  current = translate;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The translate function of what renders before i18next is loaded (the root layout's document
 * title, the bare error screen, whose bundle keeps the translations out): i18next's once started.
 */
export function useTranslate(): Translate {
  return useSyncExternalStore(subscribe, () => current);
}
