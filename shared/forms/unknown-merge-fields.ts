import { MERGE_FIELDS } from './merge-fields';

/** The `{…}` tokens of a text that are not merge fields (`{name}`, `{starting_price}`), in order, once each. */
export function unknownMergeFields(text: string): string[] {
  const tokens = [...text.matchAll(/\{([^{}]*)\}/g)].filter((m) => !((m[1] ?? '') in MERGE_FIELDS)).map((m) => m[0]);
  return [...new Set(tokens)];
}
